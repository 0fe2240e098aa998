import {
  buildPath,
  type ErrorCode,
  errorBody,
  estimateCreditsCall,
  estimateProgramProviderCall,
  statusOf,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../src/db/client';
import type { companies, organizations, programProviders } from '../src/db/schema';
import { loginAs } from './app';
import { createBuyer, createCredits, createProgram, createProgramProvider } from './early-payment-factories';
import { createCompany, createOrganization, createUser } from './factories';

type ProgramOverrides = Parameters<typeof createProgram>[3];

export type SupplierOptions = {
  organization?: Partial<typeof organizations.$inferInsert>;
  company?: Partial<typeof companies.$inferInsert>;
  program?: ProgramOverrides;
  programProvider?: Partial<typeof programProviders.$inferInsert>;
  langKey?: string;
};

/**
 * A supplier ready to request early payment: an organization, a buyer's program, a company that can
 * anticipate with a bank account, its ACTIVATED participation and a logged-in provider user.
 */
export async function createSupplier(app: FastifyInstance, db: Executor, options: SupplierOptions = {}) {
  const org = await createOrganization(db, options.organization);
  const buyer = await createBuyer(db, org.id);
  const program = await createProgram(db, org.id, buyer.id, options.program);
  const company = await createCompany(db, org.id, options.company);
  const pp = await createProgramProvider(db, {
    organizationId: org.id,
    programId: program.id,
    companyId: company.id,
    ...options.programProvider,
  });
  const user = await createUser(db, org.id, {
    companyIds: [company.id],
    langKey: options.langKey ?? 'pt-BR',
  });
  const headers = await loginAs(app, user);
  return { org, buyer, program, company, pp, user, headers };
}

export type Supplier = Awaited<ReturnType<typeof createSupplier>>;

/** Another participation of the same company, in a second program of the same buyer. */
export async function addProgramProvider(db: Executor, supplier: Supplier, program: ProgramOverrides = {}) {
  const other = await createProgram(db, supplier.org.id, supplier.buyer.id, program);
  return createProgramProvider(db, {
    organizationId: supplier.org.id,
    programId: other.id,
    companyId: supplier.company.id,
  });
}

/** `count` AVAILABLE credits of R$ 1.000,00 due on `expireDate`; returns their ids. */
export async function createCreditIds(
  db: Executor,
  pp: { id: number; organizationId: number },
  count: number,
  expireDate = '2026-04-10',
): Promise<number[]> {
  const rows = await createCredits(
    db,
    pp,
    Array.from({ length: count }, () => ({ originalValueCents: 100_000n, expireDate })),
  );
  return rows.map((r) => r.id);
}

/** `PUT estimates/request` as the web app sends it. */
export function putEstimate(app: FastifyInstance, headers: Record<string, string>, ids: unknown) {
  return app.inject({ method: 'PUT', url: buildPath(estimateCreditsCall), headers, payload: ids as object });
}

export function putProgramProviderEstimate(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
) {
  return app.inject({ method: 'PUT', url: buildPath(estimateProgramProviderCall, { id }), headers });
}

/** The exact status and the one error body (docs/product/errors.md#error-body) for `code`. */
export function expectErrorBody(res: { statusCode: number; json(): unknown }, code: ErrorCode) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: statusOf(code),
    body: errorBody(code),
  });
}

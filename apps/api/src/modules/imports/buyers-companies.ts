import type { ImportFile } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { buyers, companies } from '../../db/schema';
import {
  type Counts,
  excluded,
  type ImportContext,
  organizationAt,
  refIndex,
  tally,
  wasInserted,
} from './import-context';

/** Buyers ("sacados"), upserted by (organization, ref). */
export async function importBuyers(ctx: ImportContext, entries: ImportFile['buyers']): Promise<Counts> {
  const rows = entries.map((buyer, i) => ({
    organizationId: organizationAt(ctx, buyer.organization, ['buyers', i, 'organization']).id,
    ref: buyer.ref,
    name: buyer.name,
    type: buyer.type,
    identification: buyer.identification,
  }));
  if (rows.length === 0) return tally([]);
  const returned = await ctx.tx
    .insert(buyers)
    .values(rows)
    .onConflictDoUpdate({
      target: [buyers.organizationId, buyers.ref],
      set: excluded({ name: buyers.name, type: buyers.type, identification: buyers.identification }),
    })
    .returning({ inserted: wasInserted });
  return tally(returned);
}

/** Supplier companies, upserted by (organization, ref). A null bank account clears the stored one. */
export async function importCompanies(ctx: ImportContext, entries: ImportFile['companies']): Promise<Counts> {
  const rows = entries.map((company, i) => ({
    organizationId: organizationAt(ctx, company.organization, ['companies', i, 'organization']).id,
    ref: company.ref,
    name: company.name,
    type: company.type,
    identification: company.identification,
    canAnticipate: company.canAnticipate,
    bankCode: company.bankAccount?.bank ?? null,
    bankBranch: company.bankAccount?.branch ?? null,
    bankAccount: company.bankAccount?.account ?? null,
  }));
  if (rows.length === 0) return tally([]);
  const returned = await ctx.tx
    .insert(companies)
    .values(rows)
    .onConflictDoUpdate({
      target: [companies.organizationId, companies.ref],
      set: excluded({
        name: companies.name,
        type: companies.type,
        identification: companies.identification,
        canAnticipate: companies.canAnticipate,
        bankCode: companies.bankCode,
        bankBranch: companies.bankBranch,
        bankAccount: companies.bankAccount,
      }),
    })
    .returning({ inserted: wasInserted });
  return tally(returned);
}

/** Companies of the given refs (in any organization), for resolving references to them. */
export async function loadCompanies(ctx: ImportContext, refs: Iterable<string>) {
  const wanted = [...new Set(refs)];
  const rows = wanted.length
    ? await ctx.tx
        .select({
          id: companies.id,
          ref: companies.ref,
          organizationId: companies.organizationId,
          name: companies.name,
          identification: companies.identification,
        })
        .from(companies)
        .where(inArray(companies.ref, wanted))
    : [];
  return refIndex(ctx, 'company', rows);
}

export async function loadBuyers(ctx: ImportContext, refs: Iterable<string>) {
  const wanted = [...new Set(refs)];
  const rows = wanted.length
    ? await ctx.tx
        .select({ id: buyers.id, ref: buyers.ref, organizationId: buyers.organizationId })
        .from(buyers)
        .where(inArray(buyers.ref, wanted))
    : [];
  return refIndex(ctx, 'buyer', rows);
}

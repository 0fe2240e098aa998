import type { ImportFileInput, OfferBody } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { batches, funders, organizations } from '../apps/api/src/db/schema';
import { putOffer } from '../apps/api/src/modules/offers/offers';
import { E2E_NOW, runDatabase } from './data-fixtures';
import { program } from './flow-fixtures';

/*
 * Funders competing in a program of the test's own (docs/product/funders.md): two funders whose bands cross
 * (Banco Aurora cheaper up to 30 days, FIDC Boreal past them) beside the program's own rate, and a supplier
 * with one invoice of each term. Offers are posted with the API module's own function on the run's database, as
 * a funder's client's PUT does (the HTTP route adds only the client's token).
 */

export const OFFERS_PROGRAM = 'E2E Ofertas';
export const OFFERS_COMPANY = 'Ômega Ofertas Ltda';
export const AURORA = 'Banco Aurora S.A.';
export const BOREAL = 'FIDC Boreal';
/** The buyer of the demo organization's programs: the house offer's name. */
export const BUYER = 'Horizonte Alimentos S.A.';

const refs = (tag: string) => ({
  program: `e2e-ofertas-${tag}`,
  company: `e2e-omega-${tag}`,
  participation: `e2e-omega-ofertas-${tag}`,
  aurora: `e2e-aurora-${tag}`,
  boreal: `e2e-boreal-${tag}`,
});

/** The supplier's login in a test's world. */
export const offersSupplier = ({ tag }: { tag: string }) => `omega.${tag}@e2e.test`;

/**
 * The funders, the program admitting both (its own rate of 1.5 % a month kept), and the supplier of it with an
 * invoice of R$ 10.000,00 due in 16 days and one of R$ 5.000,00 due in 62 (payment on 24/11/2026). For the
 * `seed` fixture's `extra`.
 */
export function offersData({ tag }: { tag: string }): ImportFileInput {
  const ref = refs(tag);
  return {
    companies: [
      {
        ref: ref.company,
        organization: 'demo',
        name: OFFERS_COMPANY,
        type: 'CORPORATION',
        identification: '55566677000183',
        canAnticipate: true,
        bankAccount: { bank: '001', branch: '1234', account: '77777-7' },
      },
    ],
    users: [
      {
        organization: 'demo',
        email: offersSupplier({ tag }),
        password: 'demo1234',
        firstName: 'Olga',
        fullName: 'Olga Ômega',
        activated: true,
        authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
        acceptedTerms: true,
        companies: [ref.company],
        defaultCompany: ref.company,
      },
    ],
    funders: [
      { ref: ref.aurora, organization: 'demo', name: AURORA, identification: '12345678000195' },
      { ref: ref.boreal, organization: 'demo', name: BOREAL, identification: '98765432000198' },
    ],
    programs: [program(ref.program, OFFERS_PROGRAM, { funders: [ref.aurora, ref.boreal] })],
    programProviders: [
      {
        ref: ref.participation,
        program: ref.program,
        company: ref.company,
        status: 'ACTIVATED',
        providerCanNotAnticipateHtml: null,
      },
    ],
    credits: [
      credit(ref.participation, 1, '2026-12-10', '10000.00'),
      credit(ref.participation, 2, '2027-01-25', '5000.00'),
    ],
  } as ImportFileInput;
}

function credit(programProvider: string, index: number, expireDate: string, originalValue: string) {
  return {
    ref: `${programProvider}-${index}`,
    programProvider,
    nfNumber: `7700${index}`,
    nfSerial: '1',
    installmentNumber: 1,
    orderDetail: null,
    issueDate: '2026-11-10',
    expireDate,
    originalValue,
    kind: 'GOODS',
    status: 'AVAILABLE',
  };
}

/** Bands that cross: Aurora is cheaper up to 30 days, Boreal past them. */
export const crossingBands = {
  aurora: [
    { upToDays: 30, monthlyRate: '0.008' },
    { upToDays: 90, monthlyRate: '0.018' },
  ],
  boreal: [
    { upToDays: 30, monthlyRate: '0.014' },
    { upToDays: 90, monthlyRate: '0.010' },
  ],
} satisfies Record<string, OfferBody['bands']>;

/** The run's id of one of the test's funders. */
export async function funderId(world: { tag: string }, funder: 'aurora' | 'boreal'): Promise<number> {
  const [row] = await runDatabase()
    .select({ id: funders.id })
    .from(funders)
    .innerJoin(organizations, eq(organizations.id, funders.organizationId))
    .where(and(eq(organizations.slug, 'demo'), eq(funders.ref, refs(world.tag)[funder])));
  if (!row) throw new Error(`funder ${funder} not imported`);
  return row.id;
}

/** Posts (or replaces) a funder's offer in the test's program, as its client's PUT does; the new offer's id. */
export async function postOffer(
  world: { tag: string },
  funder: 'aurora' | 'boreal',
  bands: OfferBody['bands'],
): Promise<number> {
  const [organization] = await runDatabase()
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, 'demo'));
  const offer = await putOffer(
    runDatabase(),
    { organizationId: organization!.id, funderId: await funderId(world, funder) },
    {
      programRef: refs(world.tag).program,
      body: { bands, dailyCapacity: '1000000.00', validUntil: null },
      now: new Date(E2E_NOW),
    },
  );
  return offer.id;
}

/** Who funds a request, as recorded with it. */
export async function batchFunding(batchId: number) {
  const [row] = await runDatabase()
    .select({ funderId: batches.funderId, offerId: batches.offerId })
    .from(batches)
    .where(eq(batches.id, batchId));
  return row;
}

import type { OfferBody } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { funders as funderRows, organizations } from '../../db/schema';
import { putOffer } from '../../modules/offers/offers';
import { type Entry, ORG } from './demo-organization';
import { cnpjFor } from './demo-random';

/*
 * The demo's funders (docs/product/funders.md): a bank and a FIDC admitted to both of Horizonte's programs,
 * whose bands cross: Banco Meridiano is the cheapest for invoices due within 30 days, Cerrado FIDC past them,
 * and the program's own rate (the house offer) sits between. A newcomer sees three offers and a different
 * winner for short and long invoices.
 */

export const funders: Entry<'funders'>[] = [
  {
    ref: 'banco-meridiano',
    organization: ORG,
    name: 'Banco Meridiano S.A.',
    identification: cnpjFor('29470316'),
  },
  { ref: 'cerrado-fidc', organization: ORG, name: 'Cerrado FIDC', identification: cnpjFor('61835027') },
];

/** The programs that admit the demo's funders. */
export const FUNDED_PROGRAMS = ['horizonte-fornecedores', 'horizonte-logistica'];

/** Every demo invoice is due within about 180 days; bands reach a year so each offer takes any demo set. */
const offersOf: Record<string, Record<string, OfferBody['bands']>> = {
  // House rate 1.5 % a month.
  'horizonte-fornecedores': {
    'banco-meridiano': [
      { upToDays: 30, monthlyRate: '0.0115' },
      { upToDays: 365, monthlyRate: '0.0175' },
    ],
    'cerrado-fidc': [
      { upToDays: 30, monthlyRate: '0.0170' },
      { upToDays: 365, monthlyRate: '0.0130' },
    ],
  },
  // House rate 1.2 % a month, compound.
  'horizonte-logistica': {
    'banco-meridiano': [
      { upToDays: 30, monthlyRate: '0.0095' },
      { upToDays: 365, monthlyRate: '0.0145' },
    ],
    'cerrado-fidc': [
      { upToDays: 30, monthlyRate: '0.0140' },
      { upToDays: 365, monthlyRate: '0.0105' },
    ],
  },
};

/** What each demo funder may fund a day in each program: far above what a demo session requests. */
const DAILY_CAPACITY: Record<string, string> = {
  'banco-meridiano': '3000000.00',
  'cerrado-fidc': '2000000.00',
};

/**
 * Posts the demo funders' offers with the offers' own writer, as each funder's client's `PUT
 * /api/platform/v1/offers/{programRef}` does (offers are not part of the import document: funders post them).
 */
export async function seedDemoOffers(db: Database, now: Date): Promise<void> {
  for (const funder of funders) {
    const [row] = await db
      .select({ organizationId: organizations.id, funderId: funderRows.id })
      .from(funderRows)
      .innerJoin(organizations, eq(organizations.id, funderRows.organizationId))
      .where(and(eq(organizations.slug, ORG), eq(funderRows.ref, funder.ref)));
    if (!row) continue;
    for (const programRef of FUNDED_PROGRAMS) {
      await putOffer(db, row, {
        programRef,
        body: {
          bands: offersOf[programRef]![funder.ref]!,
          dailyCapacity: DAILY_CAPACITY[funder.ref]!,
          validUntil: null,
        },
        now,
      });
    }
  }
}

import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { buyers, credits, programIofRates, programProviders, programs } from '../src/db/schema';

const unique = () => randomBytes(4).toString('hex');

export async function createBuyer(
  db: Executor,
  organizationId: number,
  overrides: Partial<typeof buyers.$inferInsert> = {},
) {
  const [buyer] = await db
    .insert(buyers)
    .values({
      organizationId,
      ref: `b-${unique()}`,
      name: 'Compradora Nacional S.A.',
      type: 'CORPORATION',
      identification: '11222333000181',
      ...overrides,
    })
    .returning();
  return buyer!;
}

/** A program with 1.5 % a month simple, no platform fee, no IOF, no bank fee, paying in 1 business day. */
export async function createProgram(
  db: Executor,
  organizationId: number,
  buyerId: number,
  overrides: Partial<typeof programs.$inferInsert> & {
    iof?: { validFrom: string; daily: string; fixed: string }[];
  } = {},
) {
  const { iof = [], ...values } = overrides;
  const [program] = await db
    .insert(programs)
    .values({
      organizationId,
      buyerId,
      ref: `p-${unique()}`,
      name: 'Programa Principal',
      color: '#1e88e5',
      monthlyRate: '0.015',
      platformFee: '0',
      daysToPay: 1,
      anticipationMaxTime: '18:00',
      ...values,
    })
    .returning();
  for (const rate of iof) await db.insert(programIofRates).values({ programId: program!.id, ...rate });
  return program!;
}

export async function createProgramProvider(
  db: Executor,
  input: { organizationId: number; programId: number; companyId: number } & Partial<
    typeof programProviders.$inferInsert
  >,
) {
  const [pp] = await db
    .insert(programProviders)
    .values({ ref: `pp-${unique()}`, status: 'ACTIVATED', ...input })
    .returning();
  return pp!;
}

type CreditInput = Partial<typeof credits.$inferInsert> & { originalValueCents: bigint; expireDate: string };

/** Credits of one program provider; each gets a unique ref and NF number unless given. */
export async function createCredits(
  db: Executor,
  pp: { id: number; organizationId: number },
  items: CreditInput[],
) {
  if (items.length === 0) return [];
  return db
    .insert(credits)
    .values(
      items.map((item, i) => ({
        organizationId: pp.organizationId,
        programProviderId: pp.id,
        ref: `k-${unique()}-${i}`,
        nfNumber: String(100000 + i),
        nfSerial: '1',
        installmentNumber: 1,
        buyerName: 'Compradora Nacional S.A.',
        issueDate: '2026-02-01',
        kind: 'GOODS' as const,
        status: 'AVAILABLE' as const,
        ...item,
      })),
    )
    .returning();
}

import type { Executor } from '../src/db/client';
import { batches } from '../src/db/schema';
import { createProgram, createProgramProvider } from './early-payment-factories';

type ProgramOverrides = Parameters<typeof createProgram>[3];

/** Another program of the same buyer and the company's participation in it. */
export async function addParticipation(
  db: Executor,
  owner: { organizationId: number; companyId: number; buyerId: number },
  program: ProgramOverrides = {},
  status: 'ACTIVATED' | 'INACTIVATED' | 'REMOVED' = 'ACTIVATED',
) {
  const created = await createProgram(db, owner.organizationId, owner.buyerId, program);
  const pp = await createProgramProvider(db, {
    organizationId: owner.organizationId,
    programId: created.id,
    companyId: owner.companyId,
    status,
  });
  return { program: created, pp };
}

/** A batch row with the figures the portfolio reads; the estimate itself does not matter there. */
export async function createBatch(
  db: Executor,
  input: {
    pp: { id: number; organizationId: number; companyId: number };
    userId: number;
    netValueCents: bigint;
    createdAt: Date;
    status?: 'REQUESTED' | 'PAID' | 'REJECTED' | 'CANCELLED';
  },
) {
  const [batch] = await db
    .insert(batches)
    .values({
      organizationId: input.pp.organizationId,
      programProviderId: input.pp.id,
      companyId: input.pp.companyId,
      userId: input.userId,
      status: input.status ?? 'REQUESTED',
      requestHash: 'test',
      originalValueCents: input.netValueCents,
      netValueCents: input.netValueCents,
      paymentDate: '2026-03-11',
      daysToPay: 1,
      estimate: {},
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  return batch!;
}

import { centsToMoneyString, moneyStringToCents, type Offer, type OfferBody } from '@portal/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { funders, offerBands, offers, programFunders, programs } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { capacityDayOf, usedCapacity } from './offer-usage';
import { plainRate } from './plain-rate';

/*
 * A funder's standing offers (docs/product/funders.md#offers): the one writer of `offers` and `offer_bands`.
 * Each PUT is a new offer (a new id) and ends the previous one in the same transaction; a request records the
 * id it was priced with, so a replaced offer is never taken by surprise.
 */

/** A funder's client: its organization and funder. */
export type FunderCaller = { organizationId: number; funderId: number };

const programNotFound = () => new AppError('error.program.notFound');

/**
 * The program of `programRef` in the caller's organization if it admits the caller's funder, its admission row
 * locked until the transaction ends: the offers of one funder in one program are written one at a time.
 */
async function lockAdmission(tx: Executor, caller: FunderCaller, programRef: string) {
  const [row] = await tx
    .select({ programId: programs.id, programRef: programs.ref })
    .from(programFunders)
    .innerJoin(programs, eq(programs.id, programFunders.programId))
    .innerJoin(funders, eq(funders.id, programFunders.funderId))
    .where(
      and(
        eq(programs.organizationId, caller.organizationId),
        eq(programs.ref, programRef),
        eq(programFunders.funderId, caller.funderId),
        eq(funders.organizationId, caller.organizationId),
      ),
    )
    .for('update', { of: programFunders });
  return row;
}

/** Posts the funder's offer in a program: a new offer; the previous one stops at once. */
export async function putOffer(
  db: Database,
  caller: FunderCaller,
  input: { programRef: string; body: OfferBody & { validUntil: string | null }; now: Date },
): Promise<Offer> {
  const { body, now } = input;
  if (body.validUntil !== null && new Date(body.validUntil) <= now)
    throw new AppError('error.validation', {
      fieldErrors: [{ field: 'validUntil', message: 'validation.invalid' }],
    });
  const offerId = await db.transaction(async (tx) => {
    const admission = await lockAdmission(tx, caller, input.programRef);
    if (!admission) throw programNotFound();
    await endCurrentOffer(tx, caller.funderId, admission.programId, now);
    const [offer] = await tx
      .insert(offers)
      .values({
        funderId: caller.funderId,
        programId: admission.programId,
        dailyCapacityCents: moneyStringToCents(body.dailyCapacity),
        validUntil: body.validUntil === null ? null : new Date(body.validUntil),
        createdAt: now,
      })
      .returning({ id: offers.id });
    await tx.insert(offerBands).values(body.bands.map((band) => ({ offerId: offer!.id, ...band })));
    return offer!.id;
  });
  const [offer] = await readOffers(db, caller, now, [offerId]);
  return offer!;
}

/** Withdraws the funder's current offer in a program; false when it has none there (or may not offer there). */
export async function withdrawOffer(
  db: Database,
  caller: FunderCaller,
  input: { programRef: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const admission = await lockAdmission(tx, caller, input.programRef);
    if (!admission) return false;
    return (await endCurrentOffer(tx, caller.funderId, admission.programId, input.now)) > 0;
  });
}

async function endCurrentOffer(tx: Executor, funderId: number, programId: number, now: Date) {
  const ended = await tx
    .update(offers)
    .set({ endedAt: now })
    .where(and(eq(offers.funderId, funderId), eq(offers.programId, programId), isNull(offers.endedAt)))
    .returning({ id: offers.id });
  return ended.length;
}

/**
 * The funder's current offers (not withdrawn nor replaced; one past its `validUntil` is listed, and no longer
 * priced), by program ref, each with what it has taken today; only `ids` when given.
 */
export async function readOffers(
  db: Executor,
  caller: FunderCaller,
  now: Date,
  ids?: number[],
): Promise<Offer[]> {
  const rows = await db
    .select({
      id: offers.id,
      programId: offers.programId,
      programRef: programs.ref,
      dailyCapacityCents: offers.dailyCapacityCents,
      validUntil: offers.validUntil,
      createdAt: offers.createdAt,
    })
    .from(offers)
    .innerJoin(programs, eq(programs.id, offers.programId))
    .where(
      and(
        eq(offers.funderId, caller.funderId),
        eq(programs.organizationId, caller.organizationId),
        isNull(offers.endedAt),
        ids ? inArray(offers.id, ids) : undefined,
      ),
    )
    .orderBy(asc(programs.ref));
  if (rows.length === 0) return [];
  const bands = await db
    .select({
      offerId: offerBands.offerId,
      upToDays: offerBands.upToDays,
      monthlyRate: offerBands.monthlyRate,
    })
    .from(offerBands)
    .where(
      inArray(
        offerBands.offerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(offerBands.offerId), asc(offerBands.upToDays));
  return Promise.all(
    rows.map(async (row) => {
      const paymentDate = await capacityDayOf(db, row.programId, now);
      const used = await usedCapacity(db, {
        funderId: caller.funderId,
        programId: row.programId,
        paymentDate,
      });
      return {
        id: row.id,
        programRef: row.programRef,
        bands: bands
          .filter((band) => band.offerId === row.id)
          .map(({ upToDays, monthlyRate }) => ({ upToDays, monthlyRate: plainRate(monthlyRate) })),
        dailyCapacity: centsToMoneyString(row.dailyCapacityCents),
        validUntil: row.validUntil?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        usedToday: centsToMoneyString(used),
      };
    }),
  );
}

import { type Estimate, type ImportFile, liveBatchStatuses } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  batchCredits,
  batches,
  buyers,
  companies,
  credits,
  organizations,
  persons,
  programProviders,
  programs,
  teamMembers,
  users,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashCreditIds } from '../batches/idempotency';
import { recordBatches, wholeBankAccount } from '../batches/record-batches';
import { buildEstimate, programFinancialOf } from '../estimates/build-estimate';
import { type PricedCredit, pricedCreditColumns, sortCredits } from '../estimates/caller-credits';
import { notifyBatchEvent } from '../inbox/notify';
import { houseOffer } from '../offers/offer-pricing';
import {
  iofHistory,
  type PricingContext,
  pricingContextOf,
  pricingOrganizationColumns,
} from '../pricing/pricing-context';
import { type Counts, type ImportContext, organizationById, type RefIndex, refIndex } from './import-context';
import { ImportError } from './import-error';
import { markProvidersStale } from './repricing';
import { loginOf } from './user-passwords';

/*
 * Past requests (docs/import-format.md#past-requests), by (organization, ref). A new one is priced as of its
 * requestedAt with its program's rates, by the very code that prices a request made on the portal
 * (pricingContextOf, buildEstimate), and frozen like one: the batch with its estimate, its credits with their
 * figures, its events and an audit row. Its events enter the notification centre as history (the last week's
 * unread), with no e-mail. A batch already imported is history too: importing the file again leaves it exactly
 * as it is (not re-priced, not moved), whatever the file says.
 */

type Entry = ImportFile['batches'][number];
type Provider = Awaited<ReturnType<typeof loadBatchProviders>> extends RefIndex<infer Row> ? Row : never;
type CreditRow = PricedCredit & { ref: string; organizationId: number; programProviderId: number };
type NewBatch = {
  entry: Entry;
  index: number;
  provider: Provider;
  userId: number;
  credits: CreditRow[];
  estimate: Estimate;
};

/** Past events this recent stay unread in the notification centre. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

const key = (organizationId: number, ref: string) => `${organizationId}\u0000${ref}`;

export async function importBatches(ctx: ImportContext, entries: ImportFile['batches']): Promise<Counts> {
  if (entries.length === 0) return { created: 0, updated: 0 };
  const started = Date.now();
  const providerIndex = await loadBatchProviders(
    ctx,
    entries.map((b) => b.programProvider),
  );
  const providers = entries.map((entry, i) =>
    providerIndex.find(
      entry.programProvider,
      ['batches', i, 'programProvider'],
      ctx.fileOrganizationOf.programProvider.get(entry.programProvider),
    ),
  );
  const stored = await ctx.tx
    .select({ id: batches.id, organizationId: batches.organizationId, ref: batches.ref })
    .from(batches)
    .where(sql`${batches.ref} = any(${sql.param([...new Set(entries.map((b) => b.ref))])}::text[])`);
  const storedIds = new Map(stored.map((b) => [key(b.organizationId, b.ref!), b.id]));
  const storedIdOf = (index: number) =>
    storedIds.get(key(providers[index]!.organizationId, entries[index]!.ref));
  const fresh = entries
    .map((entry, index) => ({ entry, index, provider: providers[index]! }))
    .filter(({ index }) => storedIdOf(index) === undefined);
  const keptIds = entries.map((_, index) => storedIdOf(index)).filter((id) => id !== undefined);

  let freshCreditIds: number[] = [];
  if (fresh.length > 0) {
    checkInThePast(ctx, fresh);
    const userIds = await resolveUsers(ctx, fresh);
    const creditRows = await resolveCredits(ctx, fresh);
    await refuseHeldCredits(ctx, fresh, creditRows);
    const priced: NewBatch[] = fresh.map((item, n) => ({
      ...item,
      userId: userIds[n]!,
      credits: creditRows[n]!,
      estimate: priceAsOfRequest(item, creditRows[n]!),
    }));
    await writeBatches(ctx, priced);
    freshCreditIds = creditRows.flat().map((credit) => credit.id);
  }
  // The credits named by the file's batches, new or already imported, take the status their batches give them.
  const moved = await settleCreditStatuses(ctx, [
    ...freshCreditIds,
    ...(await creditsOfBatches(ctx, keptIds)),
  ]);
  // Credits that left AVAILABLE, or came back to it (unpriced), change what their program providers list.
  await markProvidersStale(ctx, moved);
  ctx.log(
    `batches: ${fresh.length} new, ${keptIds.length} already imported (left as they are) in ${Date.now() - started} ms`,
  );
  // A batch already imported counts as updated, like an upsert of the same entry: the file's counts stay stable.
  return { created: fresh.length, updated: keptIds.length };
}

/** Program providers of the given refs with what pricing needs: their program, organization and IOF history. */
async function loadBatchProviders(ctx: ImportContext, refs: Iterable<string>) {
  const rows = await ctx.tx
    .select({
      id: programProviders.id,
      ref: programProviders.ref,
      organizationId: programProviders.organizationId,
      companyId: programProviders.companyId,
      companyRef: companies.ref,
      bankCode: companies.bankCode,
      bankBranch: companies.bankBranch,
      bankAccount: companies.bankAccount,
      status: programProviders.status,
      program: programs,
      buyerName: buyers.name,
      organization: pricingOrganizationColumns,
      iofHistory,
    })
    .from(programProviders)
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .where(inArray(programProviders.ref, [...new Set(refs)]));
  return refIndex(ctx, 'program provider', rows);
}

type Fresh = { entry: Entry; index: number; provider: Provider };

/** History: a request, and its settlement, happened before the import. */
function checkInThePast(ctx: ImportContext, fresh: readonly Fresh[]) {
  for (const { entry, index } of fresh) {
    for (const field of ['requestedAt', 'settledAt'] as const) {
      const at = entry[field];
      if (at !== null && Date.parse(at) > ctx.now.getTime()) {
        throw ImportError.at(
          ['batches', index, field],
          `a past request cannot be dated after the import (${ctx.now.toISOString()}): got ${JSON.stringify(at)}`,
        );
      }
    }
  }
}

/** The user behind each request: a login of the organization, a member (now or before) of the company. */
async function resolveUsers(ctx: ImportContext, fresh: readonly Fresh[]): Promise<number[]> {
  const logins = [...new Set(fresh.map(({ entry }) => loginOf(entry.requestedBy)))];
  const rows = await ctx.tx
    .select({ id: users.id, login: users.login, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.login, logins));
  const byLogin = new Map(rows.map((u) => [key(u.organizationId, u.login), u.id]));
  const memberships = await ctx.tx
    .select({ userId: persons.userId, companyId: teamMembers.companyId })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .where(
      inArray(
        persons.userId,
        rows.map((u) => u.id),
      ),
    );
  const members = new Set(memberships.map((m) => `${m.userId}:${m.companyId}`));
  return fresh.map(({ entry, index, provider }) => {
    const path = ['batches', index, 'requestedBy'];
    const org = organizationById(ctx, provider.organizationId);
    const userId = byLogin.get(key(org.id, loginOf(entry.requestedBy)));
    if (userId === undefined) {
      throw ImportError.at(
        path,
        `no user with login ${JSON.stringify(loginOf(entry.requestedBy))} in organization ${JSON.stringify(org.slug)}`,
      );
    }
    if (!members.has(`${userId}:${provider.companyId}`)) {
      throw ImportError.at(
        path,
        `user ${JSON.stringify(entry.requestedBy)} is not a member of company ${JSON.stringify(provider.companyRef)}`,
      );
    }
    return userId;
  });
}

/** The credits of each request, in the order of its entry: refs of its own program provider. */
async function resolveCredits(ctx: ImportContext, fresh: readonly Fresh[]): Promise<CreditRow[][]> {
  const refs = [...new Set(fresh.flatMap(({ entry }) => entry.credits))];
  const organizationIds = [...new Set(fresh.map(({ provider }) => provider.organizationId))];
  const rows: CreditRow[] = await ctx.tx
    .select({
      ...pricedCreditColumns,
      ref: credits.ref,
      organizationId: credits.organizationId,
      programProviderId: credits.programProviderId,
    })
    .from(credits)
    .where(
      and(
        inArray(credits.organizationId, organizationIds),
        sql`${credits.ref} = any(${sql.param(refs)}::text[])`,
      ),
    );
  const byRef = new Map(rows.map((c) => [key(c.organizationId, c.ref), c]));
  return fresh.map(({ entry, index, provider }) =>
    entry.credits.map((ref, position) => {
      const credit = byRef.get(key(provider.organizationId, ref));
      const path = ['batches', index, 'credits', position];
      if (!credit) {
        const org = organizationById(ctx, provider.organizationId);
        throw ImportError.at(
          path,
          `no credit with ref ${JSON.stringify(ref)} in organization ${JSON.stringify(org.slug)}`,
        );
      }
      if (credit.programProviderId !== provider.id) {
        throw ImportError.at(
          path,
          `credit ${JSON.stringify(ref)} is not of program provider ${JSON.stringify(provider.ref)} (validation.batch.creditOfOtherProvider)`,
          'validation.batch.creditOfOtherProvider',
        );
      }
      return credit;
    }),
  );
}

/**
 * A credit is held by one live request at most: a new live request of the file may not name a credit that a
 * live request in the database (or an earlier one of the file) already holds. The unique index on live batch
 * credits would refuse it anyway; this names the entry.
 */
async function refuseHeldCredits(ctx: ImportContext, fresh: readonly Fresh[], creditRows: CreditRow[][]) {
  const liveIds = fresh.flatMap(({ entry }, n) =>
    liveBatchStatuses.has(entry.status) ? creditRows[n]!.map((c) => c.id) : [],
  );
  if (liveIds.length === 0) return;
  const held = await ctx.tx
    .select({
      creditId: batchCredits.creditId,
      batchId: batches.id,
      ref: batches.ref,
      status: batches.status,
    })
    .from(batchCredits)
    .innerJoin(batches, eq(batches.id, batchCredits.batchId))
    .where(
      and(eq(batchCredits.live, true), sql`${batchCredits.creditId} = any(${sql.param(liveIds)}::int[])`),
    );
  const holders = new Map(
    held.map((h) => [
      h.creditId,
      `live request ${h.batchId}${h.ref === null ? '' : ` (${JSON.stringify(h.ref)})`}, ${h.status}, in the database`,
    ]),
  );
  fresh.forEach(({ entry, index }, n) => {
    if (!liveBatchStatuses.has(entry.status)) return;
    creditRows[n]!.forEach((credit, position) => {
      const holder = holders.get(credit.id);
      if (holder !== undefined) {
        throw ImportError.at(
          ['batches', index, 'credits', position],
          `credit ${JSON.stringify(credit.ref)} is already in ${holder} (validation.batch.creditInLiveBatch)`,
          'validation.batch.creditInLiveBatch',
        );
      }
      holders.set(credit.id, `live request ${JSON.stringify(entry.ref)} of this file`);
    });
  });
}

/**
 * The estimate a request made at requestedAt would have frozen: the program's rates (IOF by its valid-from
 * history) and the request day, payment date and eligibility of that instant, through buildEstimate, the
 * builder of the estimate call and of the portal's requests. A credit too close to its due date then, or one
 * whose costs exceed its value, refuses the file.
 */
function priceAsOfRequest({ entry, index, provider }: Fresh, rows: readonly CreditRow[]): Estimate {
  const context = pricingContextOf(provider, new Date(entry.requestedAt));
  const sorted = sortCredits([...rows]);
  try {
    // A past request is priced at the program's own rate, the house offer's, as every request was before funders.
    return buildEstimate(context, sorted, programFinancialOf(provider.program, provider), {
      candidates: [houseOffer(provider.buyerName)],
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw pricingRefusal(entry, index, rows, context, error);
  }
}

function pricingRefusal(
  entry: Entry,
  index: number,
  rows: readonly CreditRow[],
  context: PricingContext,
  error: AppError,
): ImportError {
  const refusedId = Number(error.options.fieldErrors?.[0]?.field);
  const position = rows.findIndex((credit) => credit.id === refusedId);
  if (position < 0) {
    return ImportError.at(
      ['batches', index, 'credits'],
      `as of ${entry.requestedAt} the costs exceed the value of a credit (${error.code})`,
    );
  }
  const credit = rows[position]!;
  return ImportError.at(
    ['batches', index, 'credits', position],
    `credit ${JSON.stringify(credit.ref)} is due ${credit.expireDate}, too close to the payment date ` +
      `${context.paymentDate} of a request made at ${entry.requestedAt}: the program advances only credits due ` +
      `on or after ${context.eligibleFrom} then (${error.code})`,
  );
}

/**
 * The batches, their credits with the frozen figures, their events and an audit row each, by the writer of
 * every request (recordBatches); then their events in the notification centre, as history.
 */
async function writeBatches(ctx: ImportContext, priced: readonly NewBatch[]) {
  const inserted = await recordBatches(
    ctx.tx,
    priced.map(({ entry, provider, userId, estimate, credits: rows }) => ({
      batch: {
        organizationId: provider.organizationId,
        ref: entry.ref,
        programProviderId: provider.id,
        companyId: provider.companyId,
        // The company's account as the import leaves it (docs/import-format.md#past-requests), none if it has none.
        ...wholeBankAccount(provider),
        userId,
        status: entry.status,
        rejectionReason: entry.rejectionReason,
        idempotencyKey: null,
        requestHash: hashCreditIds(rows.map((c) => c.id)),
        estimate,
        createdAt: new Date(entry.requestedAt),
        updatedAt: new Date(entry.settledAt ?? entry.requestedAt),
      },
      live: liveBatchStatuses.has(entry.status),
      events: pastEvents(entry, userId),
      audit: {
        userId: null,
        action: 'IMPORTED',
        ip: null,
        creditIds: rows.map((c) => c.id).sort((a, b) => a - b),
        figures: {
          ref: entry.ref,
          status: entry.status,
          requestedAt: entry.requestedAt,
          requestedBy: loginOf(entry.requestedBy),
          settledAt: entry.settledAt,
        },
        at: ctx.now,
      },
    })),
  );
  // The notification centre keeps the same history, without e-mails: the last week's events unread, older ones
  // read, as if the company's users had followed them.
  const unreadSince = ctx.now.getTime() - RECENT_MS;
  for (const [n, { entry, userId }] of priced.entries()) {
    for (const event of pastEvents(entry, userId)) {
      const readAt = event.at.getTime() >= unreadSince ? null : ctx.now;
      await notifyBatchEvent(ctx.tx, inserted[n]!, event.status, event.at, {}, { readAt });
    }
  }
}

/** REQUESTED by the person who asked; then the platform's PAID or REJECTED, or that person's CANCELLED. */
function pastEvents(entry: Entry, userId: number) {
  const requested = { status: 'REQUESTED' as const, byUserId: userId, at: new Date(entry.requestedAt) };
  if (entry.status === 'REQUESTED' || entry.settledAt === null) return [requested];
  const settled = {
    status: entry.status,
    byUserId: entry.status === 'CANCELLED' ? userId : null,
    at: new Date(entry.settledAt),
  };
  return [requested, settled];
}

/** Every credit of the given batches. */
async function creditsOfBatches(ctx: ImportContext, batchIds: readonly number[]): Promise<number[]> {
  if (batchIds.length === 0) return [];
  const rows = await ctx.tx
    .select({ creditId: batchCredits.creditId })
    .from(batchCredits)
    .where(sql`${batchCredits.batchId} = any(${sql.param([...batchIds])}::int[])`);
  return rows.map((row) => row.creditId);
}

/**
 * A credit named by a past request takes its status from the requests: REQUESTED or PAID while a live one
 * holds it; once none does, a REQUESTED or PAID status (which only a live request can give) becomes AVAILABLE
 * again (migration 0015's row trigger takes its stored price, for the pricing pass), and AVAILABLE or
 * UNAVAILABLE, what the file says of the credit itself, stays. Answers the program providers of the credits
 * it moved.
 */
async function settleCreditStatuses(ctx: ImportContext, creditIds: readonly number[]): Promise<number[]> {
  if (creditIds.length === 0) return [];
  const ids = sql`${sql.param([...new Set(creditIds)])}::int[]`;
  const held = await ctx.tx.execute<{ programProviderId: number }>(sql`
    update ${credits} c set status = b.status
    from ${batchCredits} bc join ${batches} b on b.id = bc.batch_id
    where bc.credit_id = c.id and bc.live and c.id = any(${ids}) and c.status <> b.status
    returning c.program_provider_id as "programProviderId"`);
  const released = await ctx.tx.execute<{ programProviderId: number }>(sql`
    update ${credits} c set status = 'AVAILABLE'
    where c.id = any(${ids}) and c.status in ('REQUESTED', 'PAID')
      and not exists (select 1 from ${batchCredits} bc where bc.credit_id = c.id and bc.live)
    returning c.program_provider_id as "programProviderId"`);
  return [...held.rows, ...released.rows].map((row) => row.programProviderId);
}

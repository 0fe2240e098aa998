import { type ImportFile, moneyStringToCents } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { buyers, programFunders, programIofRates, programs } from '../../db/schema';
import { loadBuyers } from './buyers-companies';
import { loadFunders } from './funders';
import {
  type Counts,
  excluded,
  type ImportContext,
  organizationAt,
  RefIndex,
  refIndex,
  tally,
  wasInserted,
} from './import-context';
import { markProgramsStale } from './repricing';

/**
 * Programs by (organization, ref). Their IOF history is replaced by the file's; and because rates may have
 * moved, the prices cached on their credits are dropped (they are recomputed for the next payment date).
 */
export async function importPrograms(ctx: ImportContext, entries: ImportFile['programs']): Promise<Counts> {
  if (entries.length === 0) return tally([]);
  const buyerIndex = await loadBuyers(
    ctx,
    entries.map((p) => p.buyer),
  );
  const rows = entries.map((program, i) => {
    const org = organizationAt(ctx, program.organization, ['programs', i, 'organization']);
    ctx.fileOrganizationOf.program.set(program.ref, org);
    return {
      organizationId: org.id,
      ref: program.ref,
      buyerId: buyerIndex.find(program.buyer, ['programs', i, 'buyer'], org).id,
      name: program.name,
      color: program.color,
      monthlyRate: program.monthlyRate,
      discountMode: program.discountMode,
      platformFee: program.platformFee,
      bankFeeCents: moneyStringToCents(program.bankFee),
      daysToPay: program.daysToPay,
      anticipationMaxTime: program.anticipationMaxTime,
      minDaysToMaturity: program.minDaysToMaturity,
      requireServiceInvoice: program.requireServiceInvoice,
      sessionTermHtml: program.sessionTermHtml,
      requirePin: program.requirePin,
      houseOffer: program.houseOffer,
      quoteMinimumCents: moneyStringToCents(program.quoteMinimum),
      quoteWindowMinutes: program.quoteWindowMinutes,
    };
  });
  const returned = await ctx.tx
    .insert(programs)
    .values(rows)
    .onConflictDoUpdate({
      target: [programs.organizationId, programs.ref],
      set: excluded({
        buyerId: programs.buyerId,
        name: programs.name,
        color: programs.color,
        monthlyRate: programs.monthlyRate,
        discountMode: programs.discountMode,
        platformFee: programs.platformFee,
        bankFeeCents: programs.bankFeeCents,
        daysToPay: programs.daysToPay,
        anticipationMaxTime: programs.anticipationMaxTime,
        minDaysToMaturity: programs.minDaysToMaturity,
        requireServiceInvoice: programs.requireServiceInvoice,
        sessionTermHtml: programs.sessionTermHtml,
        requirePin: programs.requirePin,
        houseOffer: programs.houseOffer,
        quoteMinimumCents: programs.quoteMinimumCents,
        quoteWindowMinutes: programs.quoteWindowMinutes,
      }),
    })
    .returning({
      id: programs.id,
      ref: programs.ref,
      organizationId: programs.organizationId,
      inserted: wasInserted,
    });

  const ids = new RefIndex('program', returned);
  const programIds = returned.map((p) => p.id);
  await ctx.tx.delete(programIofRates).where(inArray(programIofRates.programId, programIds));
  const iofRows = entries.flatMap((program, i) => {
    const { id } = ids.find(program.ref, ['programs', i, 'ref'], ctx.organizations.get(program.organization));
    return program.iof.map((rate) => ({
      programId: id,
      validFrom: rate.validFrom,
      daily: rate.daily,
      fixed: rate.fixed,
    }));
  });
  if (iofRows.length > 0) await ctx.tx.insert(programIofRates).values(iofRows);
  await admitFunders(ctx, entries, ids);
  await markProgramsStale(ctx, programIds);
  return tally(returned);
}

/**
 * The funders each program admits are the file's list (none when absent), as its IOF history is: an entry
 * states the whole program. A funder no longer admitted keeps its offer row, but an offer prices only where its
 * funder is admitted (docs/product/funders.md#import).
 */
async function admitFunders(
  ctx: ImportContext,
  entries: ImportFile['programs'],
  ids: RefIndex<{ id: number; ref: string; organizationId: number }>,
) {
  const funderIndex = await loadFunders(
    ctx,
    entries.flatMap((program) => program.funders),
  );
  const admissions = entries.flatMap((program, i) => {
    const org = ctx.organizations.get(program.organization);
    const { id: programId } = ids.find(program.ref, ['programs', i, 'ref'], org);
    return program.funders.map((ref, j) => ({
      programId,
      funderId: funderIndex.find(ref, ['programs', i, 'funders', j], org).id,
    }));
  });
  const programIds = entries.map(
    (program, i) =>
      ids.find(program.ref, ['programs', i, 'ref'], ctx.organizations.get(program.organization)).id,
  );
  await ctx.tx.delete(programFunders).where(inArray(programFunders.programId, programIds));
  if (admissions.length > 0) await ctx.tx.insert(programFunders).values(admissions);
}

/** Programs of the given refs (any organization) with their buyer's name, for resolving references. */
export async function loadPrograms(ctx: ImportContext, refs: Iterable<string>) {
  const wanted = [...new Set(refs)];
  const rows = wanted.length
    ? await ctx.tx
        .select({
          id: programs.id,
          ref: programs.ref,
          organizationId: programs.organizationId,
          buyerName: buyers.name,
        })
        .from(programs)
        .innerJoin(buyers, eq(buyers.id, programs.buyerId))
        .where(inArray(programs.ref, wanted))
    : [];
  return refIndex(ctx, 'program', rows);
}

import type { ImportFile } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { buyers, programProviders, programs } from '../../db/schema';
import { loadCompanies } from './buyers-companies';
import {
  type Counts,
  excluded,
  type ImportContext,
  organizationById,
  refIndex,
  tally,
  wasInserted,
} from './import-context';
import { ImportError } from './import-error';
import { loadPrograms } from './programs';

/**
 * A company's participation in a program, by (organization, ref); its organization is its program's. A
 * company takes part in a program once, so a second ref for the same pair is refused rather than merged.
 */
export async function importProgramProviders(
  ctx: ImportContext,
  entries: ImportFile['programProviders'],
): Promise<Counts> {
  if (entries.length === 0) return tally([]);
  const programIndex = await loadPrograms(
    ctx,
    entries.map((pp) => pp.program),
  );
  const companyIndex = await loadCompanies(
    ctx,
    entries.map((pp) => pp.company),
  );
  const rows = entries.map((pp, i) => {
    const program = programIndex.find(
      pp.program,
      ['programProviders', i, 'program'],
      ctx.fileOrganizationOf.program.get(pp.program),
    );
    const org = organizationById(ctx, program.organizationId);
    ctx.fileOrganizationOf.programProvider.set(pp.ref, org);
    return {
      organizationId: org.id,
      ref: pp.ref,
      programId: program.id,
      companyId: companyIndex.find(pp.company, ['programProviders', i, 'company'], org).id,
      status: pp.status,
      providerCanNotAnticipateHtml: pp.providerCanNotAnticipateHtml,
      canCancel: pp.canCancel,
    };
  });
  await refuseSecondRefs(ctx, rows);
  const returned = await ctx.tx
    .insert(programProviders)
    .values(rows)
    .onConflictDoUpdate({
      target: [programProviders.organizationId, programProviders.ref],
      set: excluded({
        programId: programProviders.programId,
        companyId: programProviders.companyId,
        status: programProviders.status,
        providerCanNotAnticipateHtml: programProviders.providerCanNotAnticipateHtml,
        canCancel: programProviders.canCancel,
      }),
    })
    .returning({ inserted: wasInserted });
  return tally(returned);
}

type Row = { organizationId: number; ref: string; programId: number; companyId: number };

async function refuseSecondRefs(ctx: ImportContext, rows: readonly Row[]) {
  const existing = await ctx.tx
    .select({
      organizationId: programProviders.organizationId,
      ref: programProviders.ref,
      programId: programProviders.programId,
      companyId: programProviders.companyId,
    })
    .from(programProviders)
    .where(inArray(programProviders.programId, [...new Set(rows.map((r) => r.programId))]));
  const pair = (r: Row) => `${r.programId}:${r.companyId}`;
  const scopedRef = (r: Row) => `${r.organizationId}:${r.ref}`;
  // A stored participation keeps its pair unless the file gives that ref a pair of its own.
  const restated = new Set(rows.map(scopedRef));
  const holders = new Map(existing.filter((r) => !restated.has(scopedRef(r))).map((r) => [pair(r), r.ref]));
  rows.forEach((row, i) => {
    const holder = holders.get(pair(row));
    if (holder !== undefined && holder !== row.ref) {
      throw ImportError.at(
        ['programProviders', i, 'company'],
        `this company already takes part in this program as program provider ${JSON.stringify(holder)}`,
      );
    }
    holders.set(pair(row), row.ref);
  });
}

/**
 * Program providers of the given refs (any organization) with their program's buyer name, for credits, and
 * what a notice about them names (company, program).
 */
export async function loadProgramProviders(ctx: ImportContext, refs: Iterable<string>) {
  const wanted = [...new Set(refs)];
  const rows = wanted.length
    ? await ctx.tx
        .select({
          id: programProviders.id,
          ref: programProviders.ref,
          organizationId: programProviders.organizationId,
          companyId: programProviders.companyId,
          status: programProviders.status,
          programName: programs.name,
          buyerName: buyers.name,
        })
        .from(programProviders)
        .innerJoin(programs, eq(programs.id, programProviders.programId))
        .innerJoin(buyers, eq(buyers.id, programs.buyerId))
        .where(inArray(programProviders.ref, wanted))
    : [];
  return refIndex(ctx, 'program provider', rows);
}

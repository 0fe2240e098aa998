import type { ImportFile } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { funders } from '../../db/schema';
import {
  type Counts,
  excluded,
  type ImportContext,
  organizationAt,
  refIndex,
  tally,
  wasInserted,
} from './import-context';

/** Funders (docs/import-format.md#funders), upserted by (organization, ref). */
export async function importFunders(ctx: ImportContext, entries: ImportFile['funders']): Promise<Counts> {
  const rows = entries.map((funder, i) => ({
    organizationId: organizationAt(ctx, funder.organization, ['funders', i, 'organization']).id,
    ref: funder.ref,
    name: funder.name,
    identification: funder.identification,
  }));
  if (rows.length === 0) return tally([]);
  const returned = await ctx.tx
    .insert(funders)
    .values(rows)
    .onConflictDoUpdate({
      target: [funders.organizationId, funders.ref],
      set: excluded({ name: funders.name, identification: funders.identification }),
    })
    .returning({ inserted: wasInserted });
  return tally(returned);
}

/** Funders of the given refs (any organization, or the platform client's), for resolving references. */
export async function loadFunders(ctx: ImportContext, refs: Iterable<string>) {
  const wanted = [...new Set(refs)];
  const rows = wanted.length
    ? await ctx.tx
        .select({ id: funders.id, ref: funders.ref, organizationId: funders.organizationId })
        .from(funders)
        .where(inArray(funders.ref, wanted))
    : [];
  return refIndex(ctx, 'funder', rows);
}

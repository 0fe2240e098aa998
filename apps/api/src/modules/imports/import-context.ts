import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { ImportError, type JsonPath } from './import-error';

export type ImportedOrganization = { id: number; slug: string; name: string; termsVersion: string };

/** What every kind's importer gets: the transaction, the clock, and the organizations known so far. */
export type ImportContext = {
  tx: Tx;
  now: Date;
  clock: Clock;
  log: (msg: string) => void;
  /**
   * Tell suppliers' users about what the import brings them (credits arriving, CREDITS_ARRIVED). Off for the
   * demo seed and the browser tests' copies: their users would find a notice per program on first login.
   */
  notify: boolean;
  organizations: Map<string, ImportedOrganization>;
  /**
   * Set for an import on behalf of one organization (platform-rules.ts): refs resolve within it only, so an entry that
   * names none cannot reach another organization's rows.
   */
  onlyOrganizationId?: number;
  /**
   * Set for a platform import: each new OPEN invite is mailed through the mail queue, its token sealed with this
   * box in the job (docs/product/platform-api.md#import-people). The operator's import prints the links instead.
   */
  inviteMails?: SecretBox;
  /**
   * The organization of each program and program provider of the file, by ref. Entries that name no
   * organization point through these; a ref missing here is looked up in the database instead.
   */
  fileOrganizationOf: {
    program: Map<string, ImportedOrganization>;
    programProvider: Map<string, ImportedOrganization>;
  };
};

export type Counts = { created: number; updated: number };

/** `RETURNING (xmax = 0)` is true for a row the upsert inserted, false for one it updated. */
export const wasInserted = sql<boolean>`(xmax = 0)`;

export function tally(rows: readonly { inserted: boolean }[]): Counts {
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created };
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { created: a.created + b.created, updated: a.updated + b.updated };
}

/** `SET col = excluded.col` for each column: the ON CONFLICT DO UPDATE of an upsert. */
export function excluded<Columns extends Record<string, PgColumn>>(
  columns: Columns,
): Record<keyof Columns, SQL> {
  const set = {} as Record<keyof Columns, SQL>;
  for (const key of Object.keys(columns) as (keyof Columns)[]) {
    set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  }
  return set;
}

/** Consecutive slices of at most `size` items, each with the index of its first item. */
export function* chunks<T>(items: readonly T[], size: number): Generator<[number, T[]]> {
  for (let i = 0; i < items.length; i += size) yield [i, items.slice(i, i + size)];
}

export function organizationAt(ctx: ImportContext, slug: string, path: JsonPath): ImportedOrganization {
  const org = ctx.organizations.get(slug);
  if (!org) throw ImportError.at(path, `no organization with slug ${JSON.stringify(slug)}`);
  return org;
}

export type RefRow = { id: number; ref: string; organizationId: number };

/**
 * Rows of one kind by ref, for resolving the file's references. Refs are unique per organization, so a
 * lookup names the organization when it is known; entries that carry none (program providers, credits,
 * notifications) take theirs from what they point at, which must then be the only one with that ref.
 */
export class RefIndex<Row extends RefRow> {
  private readonly byRef = new Map<string, Row[]>();

  constructor(
    private readonly kind: string,
    rows: readonly Row[],
  ) {
    for (const row of rows) {
      const list = this.byRef.get(row.ref) ?? [];
      list.push(row);
      this.byRef.set(row.ref, list);
    }
  }

  find(ref: string, path: JsonPath, organization?: ImportedOrganization): Row {
    const candidates = (this.byRef.get(ref) ?? []).filter(
      (row) => organization === undefined || row.organizationId === organization.id,
    );
    const where = organization ? ` in organization ${JSON.stringify(organization.slug)}` : '';
    if (candidates.length === 0)
      throw ImportError.at(path, `no ${this.kind} with ref ${JSON.stringify(ref)}${where}`);
    if (candidates.length > 1) {
      throw ImportError.at(path, `ref ${JSON.stringify(ref)} names a ${this.kind} in several organizations`);
    }
    return candidates[0]!;
  }
}

/** The rows a ref may name: all of them, or those of the one organization an import is confined to. */
export function refIndex<Row extends RefRow>(
  ctx: ImportContext,
  kind: string,
  rows: readonly Row[],
): RefIndex<Row> {
  const { onlyOrganizationId } = ctx;
  return new RefIndex(
    kind,
    onlyOrganizationId === undefined ? rows : rows.filter((row) => row.organizationId === onlyOrganizationId),
  );
}

export function organizationById(ctx: ImportContext, id: number): ImportedOrganization {
  for (const org of ctx.organizations.values()) if (org.id === id) return org;
  throw new Error(`organization ${id} is not loaded`);
}

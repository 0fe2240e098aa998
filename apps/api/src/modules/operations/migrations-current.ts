import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { apiRoot } from '../../api-root';
import type { Executor } from '../../db/client';

const journalFile = path.join(apiRoot, 'drizzle/meta/_journal.json');

/** The `when` of the newest migration this build carries: what drizzle stores as `created_at` once applied. */
const newestMigration = Math.max(
  ...(JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  ),
);

/**
 * Whether the database holds every migration of this build. A process started before a newer one migrated the
 * database is still current (its migrations are there); one started on a database restored from an older
 * backup, or never migrated, is not.
 */
export async function migrationsCurrent(db: Executor): Promise<boolean> {
  const result = await db.execute<{ newest: string | null }>(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= newestMigration;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Background } from '../../lib/background';
import type { ListPricing } from './credit-pricing';
import { repriceCredits } from './credit-repricing';

/*
 * A pass rewrites every AVAILABLE row of the program provider, which clears the all-visible bit of their
 * table pages and leaves the old row versions in the indexes: until a vacuum, a walk deep into the list
 * checks the table for every entry, several times slower (docs/performance-credits.md#vacuum). Autovacuum
 * would get there within a minute or so; after a large pass we ask for it at once, in the background.
 * SKIP_LOCKED leaves it to a vacuum already running, and a role that does not own the table only gets a
 * warning.
 */
const VACUUM_AFTER_ROWS = 10_000;

// Passes running in this process, per database, program provider and target prices: requests that find the
// same stale prices share one pass (and one connection) instead of queueing on the advisory lock.
const running = new WeakMap<Database, Map<string, Promise<number>>>();

/** repriceCredits, at most once at a time per program provider and pricing in this process. */
export function repriceOnce(
  db: Database,
  programProviderId: number,
  pricing: ListPricing,
  background: Background,
) {
  let passes = running.get(db);
  if (!passes) {
    passes = new Map();
    running.set(db, passes);
  }
  const key = `${programProviderId} ${pricing.fingerprint}`;
  const current = passes.get(key);
  if (current) return current;
  const pass = repriceCredits(db, programProviderId, pricing)
    .then((repriced) => {
      if (repriced >= VACUUM_AFTER_ROWS) {
        background.run('vacuum credits', () => db.execute(sql`vacuum (skip_locked) credits`));
      }
      return repriced;
    })
    .finally(() => passes.delete(key));
  passes.set(key, pass);
  return pass;
}

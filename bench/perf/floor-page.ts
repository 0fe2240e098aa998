import fs from 'node:fs/promises';
import path from 'node:path';
import { createDatabase } from '../../apps/api/src/db/client';
import { findCallerProgramProvider } from '../../apps/api/src/modules/access/caller-access';
import { findTokenUser } from '../../apps/api/src/modules/auth/tokens';
import { pricingContextOf } from '../../apps/api/src/modules/pricing/pricing-context';
import type { ProductEnv } from './product';

/**
 * What the SQL floor (bench/perf/sql-floor-server.ts) needs to answer the page the product answers: the
 * product's database and the first eligible due date of the program right now, read with the product's own
 * code (the eligibility rule is the product's, not the floor's to re-derive).
 */
export async function floorPageInputs(
  env: ProductEnv,
  input: { token: string; programProviderId: number },
): Promise<{ url: string; eligibleFrom: string }> {
  const password = (await fs.readFile(path.join(env.dataDir, 'pg-password'), 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/portal`;
  const { db, pool } = createDatabase(url, { max: 1 });
  try {
    const now = new Date();
    const caller = await findTokenUser(db, input.token, now);
    if (!caller) throw new Error('the bench token was not accepted');
    const found = await findCallerProgramProvider(db, caller, input.programProviderId);
    return { url, eligibleFrom: pricingContextOf(found, now).eligibleFrom };
  } finally {
    await pool.end();
  }
}

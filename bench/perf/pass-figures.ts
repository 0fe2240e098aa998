import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { apiProcess } from '../../apps/api/test/api-build';
import { type CreditCase, fixedRounds, measureCreditPages } from './api-figures';
import type { Client } from './http';
import { runCommand } from './processes';
import type { ProductEnv } from './product';
import { sleep } from './stats';

/*
 * The credits pages while the daily pricing pass runs (it reprices a program provider's stored prices in
 * the background: apps/api/src/modules/credits/pricing-schedule.ts). Two moments: right after a start on
 * freshly imported credits (cold: the start-up pass is pricing them all), and after an import that moves a
 * program's rate (a full pass of 100,000 credits). Whether a pass is still running is read straight from
 * the product's database: the product itself tells no client.
 */

export type PriceProbe = { isPriced(programProviderId: number): Promise<boolean>; close(): Promise<void> };

/** A connection to the product's embedded PostgreSQL, asking whether a pass has committed. */
export async function openPriceProbe(env: ProductEnv): Promise<PriceProbe> {
  const password = (await fs.readFile(path.join(env.dataDir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/portal`,
  });
  // The product stops its database at the end of the run: a probe left open must not crash the bench then.
  client.on('error', () => {});
  await client.connect();
  let closed: Promise<void> | undefined;
  return {
    async isPriced(programProviderId) {
      const { rows } = await client.query<{ priced: boolean }>(
        'select pricing_fingerprint is not null as priced from program_providers where id = $1',
        [programProviderId],
      );
      return rows[0]?.priced ?? false;
    },
    close: () => {
      closed ??= client.end();
      return closed;
    },
  };
}

/** Waits (polling every 100 ms, at most `timeoutMs`) until the pass of each program provider has committed. */
export async function waitUntilPriced(probe: PriceProbe, ids: number[], timeoutMs = 180_000) {
  const started = performance.now();
  for (const id of ids) {
    while (!(await probe.isPriced(id))) {
      if (performance.now() - started > timeoutMs) throw new Error(`no pricing pass ended for ${id}`);
      await sleep(100);
    }
  }
  return performance.now() - started;
}

type PageInput = { providerId: number; expected: number };

/** The first `rounds` rounds after a start, nothing dropped; how many of them ran beside the start-up pass. */
export async function measureColdPages(
  client: Client,
  probe: PriceProbe,
  input: PageInput & { rounds: number },
) {
  let duringPass = 0;
  const cases = await measureCreditPages(client, {
    ...input,
    rounds: fixedRounds(input.rounds, 0),
    keep: async () => {
      if (!(await probe.isPriced(input.providerId))) duringPass += 1;
      return true;
    },
  });
  return { cases, rounds: input.rounds, duringPass };
}

/**
 * Moves the program's monthly rate with `npm run ops -- import` (a file of that one program), then times
 * rounds of pages for as long as the full pass it causes runs; only rounds that ended before the pass
 * committed count. The first page after the import meets the stale prices and starts the pass.
 */
export async function measurePagesDuringPass(
  client: Client,
  probe: PriceProbe,
  input: PageInput & { dir: string; env: NodeJS.ProcessEnv; program: Record<string, unknown> },
): Promise<{ cases: CreditCase[]; rounds: number; passMs: number }> {
  const file = path.join(input.dir, 'bench-rate-change.json');
  await fs.writeFile(file, JSON.stringify({ programs: [input.program] }));
  const imported = await runCommand(process.execPath, [...apiProcess.cli, 'import', file], {
    env: input.env,
    timeoutMs: 120_000,
  });
  if (imported.code !== 0)
    throw new Error(`rate change import failed:\n${imported.stdout}\n${imported.stderr}`);
  const started = performance.now();
  let rounds = 0;
  const running = async () =>
    !(await probe.isPriced(input.providerId)) && performance.now() - started < 120_000;
  const cases = await measureCreditPages(client, {
    ...input,
    rounds: { warmups: 0, more: running },
    keep: async () => {
      const during = await running();
      if (during) rounds += 1;
      return during;
    },
  });
  const passMs = performance.now() - started + (await waitUntilPriced(probe, [input.providerId]));
  return { cases, rounds, passMs };
}

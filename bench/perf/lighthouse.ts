import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromiumFlags, chromiumPath } from '../../e2e/local-client';
import { onCleanup } from './cleanup';
import type { Token } from './http';
import { isAlive, repoRoot, runCommand, stopProcess } from './processes';

/*
 * Lighthouse lives in bench/lighthouse with its own package.json and lock (inside the workspace it would hoist
 * zod 3 over zod 4). The first run installs it there with `npm install --prefix bench/lighthouse`; then
 * bench/lighthouse/audit.mjs audits the pages in its own process, with its own Chromium: each page on every
 * target (this checkout's build, and with --compare=<ref> that ref's first), their runs taking turns.
 */

export const lighthouseFolder = path.join(repoRoot, 'bench/lighthouse');

export type LighthouseRun = {
  performance: number;
  tbtMs: number;
  mainThreadMs: number;
  benchmarkIndex: number | null;
  cpuSlowdown: number;
};

export type LighthousePage = {
  name: string;
  /** The build audited: `before` (the --compare ref) or `after` (this checkout); '' without --compare. */
  target: string;
  requestedUrl: string;
  finalUrl: string;
  performance: number;
  runs: number[];
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  benchmarkIndex: number | null;
  /** 4 × the benchmark index measured before the run ÷ 1,500. */
  cpuSlowdown: number;
  /** Lighthouse's main-thread work (mainthread-work-breakdown, slowdown applied), and by kind. */
  mainThreadMs: number;
  mainThread: Record<string, number>;
  runFigures: LighthouseRun[];
  warnings: string[];
  opportunities: { id: string; title: string; displayValue: string; metricSavings: Record<string, number> }[];
};

/** Lighthouse installed into bench/lighthouse on the first run (its audit and its benchmark need it). */
export async function ensureLighthouse() {
  if (existsSync(path.join(lighthouseFolder, 'node_modules/lighthouse/package.json'))) return;
  console.log('  installing Lighthouse into bench/lighthouse (first run only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await runCommand(npm, ['install', '--prefix', lighthouseFolder, '--no-audit', '--no-fund'], {
    timeoutMs: 300_000,
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (result.code !== 0) throw new Error(`npm install --prefix bench/lighthouse failed:\n${result.stderr}`);
}

export async function runLighthouse(input: {
  targets: { label: string; base: string }[];
  token: Token;
  programName: string;
  /** Credits the simulation page is opened with. */
  simulationCreditIds: number[];
  /** A request whose detail page is audited. */
  requestId: number;
  runs: number;
  dir: string;
  outDir: string;
}): Promise<LighthousePage[]> {
  await ensureLighthouse();
  await fs.mkdir(input.outDir, { recursive: true });
  const out = path.join(input.dir, 'lighthouse.json');
  const jobFile = path.join(input.dir, 'lighthouse-job.json');
  await fs.writeFile(
    jobFile,
    JSON.stringify({
      targets: input.targets,
      chromePath: chromiumPath,
      chromeFlags: chromiumFlags,
      // The web session's cookie value: a bearer token names a session row as the web sign-in's id does.
      sessionId: input.token.access_token,
      invoices: { programName: input.programName },
      simulation: { creditIds: input.simulationCreditIds },
      requestId: input.requestId,
      runs: input.runs,
      outDir: input.outDir,
      out,
    }),
  );
  const child = spawn(process.execPath, [path.join(lighthouseFolder, 'audit.mjs'), jobFile], {
    cwd: lighthouseFolder,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let chromePid: number | undefined;
  const forget = onCleanup('lighthouse', async () => {
    await stopProcess(child, 5_000);
    if (chromePid && isAlive(chromePid)) process.kill(chromePid, 'SIGKILL');
  });
  child.stdout.on('data', (chunk: Buffer) => {
    const pid = chunk.toString().match(/chrome-pid (\d+)/)?.[1];
    if (pid) chromePid = Number(pid);
  });
  // About 25 s a run on a quiet machine; the deadline grows with the runs asked for.
  const timer = setTimeout(
    () => child.kill('SIGTERM'),
    120_000 + 6 * input.targets.length * input.runs * 90_000,
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (chromePid && isAlive(chromePid)) process.kill(chromePid, 'SIGKILL');
  forget();
  if (code !== 0) throw new Error(`Lighthouse failed (exit ${code})`);
  return JSON.parse(await fs.readFile(out, 'utf8')) as LighthousePage[];
}

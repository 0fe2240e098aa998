#!/usr/bin/env node
// The one test command: unit and API tests (vitest, real PostgreSQL), then the browser tests (Playwright,
// Debian's Chromium, the real server), then a scan of every log line they wrote (no secret, complete audit
// lines). Ends with one plain "N passed, N failed" line for CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const outDir = 'test-results';
mkdirSync(outDir, { recursive: true });
// Logs of this run only: the last step scans them for secrets (scripts/check-logs.mjs).
rmSync(`${outDir}/logs`, { recursive: true, force: true });
rmSync(`${outDir}/log-check.json`, { force: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
// Named again in the last lines, where CI's tail shows them, whatever scrolled past.
const failures = [];
const started = Date.now();

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${outDir}/vitest.json`,
]);
try {
  const v = JSON.parse(readFileSync(`${outDir}/vitest.json`, 'utf8'));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        failures.push(
          `vitest ${file.name}: ${test.fullName}\n      ${test.failureMessages?.[0]?.split('\n')[0] ?? ''}`,
        );
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`vitest ${file.name}: ${file.message}`);
    }
  }
} catch {
  totals.failed += 1;
}

let e2eStatus = run('npm', ['run', 'build']);
if (e2eStatus === 0) {
  e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${outDir}/playwright.json`,
  });
  try {
    const p = JSON.parse(readFileSync(`${outDir}/playwright.json`, 'utf8'));
    totals.passed += p.stats.expected;
    totals.failed += p.stats.unexpected + p.stats.flaky;
    totals.skipped += p.stats.skipped;
    collectPlaywrightFailures(p.suites ?? []);
  } catch {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

const logStatus = run('node', ['scripts/check-logs.mjs', `${outDir}/logs`]);
try {
  const l = JSON.parse(readFileSync(`${outDir}/log-check.json`, 'utf8'));
  totals.passed += l.passed;
  totals.failed += l.failed;
} catch {
  totals.failed += 1;
}

function collectPlaywrightFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          failures.push(
            `playwright [${test.projectName}] ${spec.file}:${spec.line}: ${spec.title} (${test.status})`,
          );
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nAll tests finished in ${seconds} s`);
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestStatus === 0 && e2eStatus === 0 && logStatus === 0 && totals.failed === 0 ? 0 : 1);

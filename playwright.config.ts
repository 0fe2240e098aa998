import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, headlessShellPath } from './e2e/local-client';

const port = Number(process.env.E2E_PORT ?? 18_080);
const baseURL = `http://127.0.0.1:${port}`;
// A throw-away data folder per run: its own embedded PostgreSQL, mailbox and uploads, seeded with the demo data.
// Workers load this file again in their own process (another pid), so the runner's choice travels to them
// through the environment: specs read it as E2E_DATA_DIR (e2e/mailbox.ts reads the reset mails there,
// e2e/data-fixtures.ts imports each test's own data into that database).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `portal-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
// The server serves a copy of the web build taken at its start, so a build made meanwhile in the same tree (by
// someone else, for another run) cannot swap the files under a running suite; specs read it as E2E_WEB_DIST.
const webDist = path.join(dataDir, 'web');
process.env.E2E_WEB_DIST = webDist;

const chromium = { executablePath: headlessShellPath, args: chromiumFlags };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  // Every test imports the data it uses (e2e/data-fixtures.ts) and changes nothing another reads, so tests
  // run in any order, side by side, against the one server. Two workers keep both cores busy (Chromium, the
  // server and PostgreSQL share them); E2E_WORKERS overrides it.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  // Reduced motion: screenshots and accessibility checks see finished states, not transitions half-way (the
  // app honours the setting); e2e/login-carousel.spec.ts turns motion back on to test the carousel's timing.
  // No trace by default: recording one costs every test about a tenth more CPU, and the run is CPU-bound. A
  // failure still leaves its page's ARIA snapshot (error-context.md) and a screenshot; `--trace on` records
  // traces when a failure needs one.
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'desktop',
      // A test tagged @phone-only holds the 375 px scans of a flow that runs whole on the desktop only.
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      // A test whose outcome cannot depend on the viewport is tagged @one-viewport and runs on the desktop only.
      grepInvert: /@one-viewport/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        browserName: 'chromium',
      },
    },
  ],
  webServer: {
    // JSON logs at info go to a file that scripts/check-logs.mjs scans after the run (no secret in any line),
    // one per port, so a second run on another port (E2E_PORT) writes its own. The API is built from its
    // sources first (half a second), the web app is the one `npm run build` made.
    command:
      'mkdir -p test-results/logs "$DATA_DIR" && rm -rf "$WEB_DIST" && cp -R apps/web/dist "$WEB_DIST" && ' +
      `node apps/api/build.mjs && exec node --enable-source-maps apps/api/dist/server.mjs > test-results/logs/e2e-server-${port}.log`,
    url: `${baseURL}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      // Every answer checked against the contract before it is sent (apps/api/src/http/answer-serializer.ts).
      CHECK_ANSWERS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      EMBEDDED_PG_PORT: String(port + 1),
      APP_NOW: '2026-11-23T10:00:00-03:00',
      LOG_LEVEL: 'info',
    },
  },
});

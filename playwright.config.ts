import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/local-client';

const port = Number(process.env.E2E_PORT ?? 18_080);
const baseURL = `http://127.0.0.1:${port}`;
// A throw-away data folder per run: its own embedded PostgreSQL, mailbox and uploads, seeded with the demo data.
// Workers load this file again in their own process (another pid), so the runner's choice travels to them
// through the environment: specs read it as E2E_DATA_DIR (e2e/mailbox.ts reads the reset mails there).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `portal-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Reduced motion: screenshots and accessibility checks see finished states, not transitions half-way (the
  // app honours the setting); e2e/login-carousel.spec.ts turns motion back on to test the carousel's timing.
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', reducedMotion: 'reduce' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    // JSON logs at info go to a file that scripts/check-logs.mjs scans after the run (no secret in any line).
    command:
      'mkdir -p test-results/logs && exec node --import tsx apps/api/src/server.ts > test-results/logs/e2e-server.log',
    url: `${baseURL}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1),
      APP_NOW: '2026-11-23T10:00:00-03:00',
      LOG_LEVEL: 'info',
    },
  },
});

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const apiRoot = path.resolve(import.meta.dirname, '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-lifecycle-'));
const port = await freePort();
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  EMBEDDED_PG_PORT: String(await freePort()),
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web-build'),
  DATABASE_URL: '',
};
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts the real server (embedded PostgreSQL under dataDir) and resolves once it listens. */
async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiRoot, env });
  children.push(child);
  let output = '';
  child.stderr.on('data', (d) => {
    output += d;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      if (output.includes('ready in')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

describe('the server process', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, stops PostgreSQL cleanly and restarts fast', async () => {
    const first = await startServer();

    // A request whose body is still arriving when the signal comes.
    const body = 'nobody@test.example';
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/webapp/account/reset_password/init',
          agent: false,
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.setHeader('content-type', 'text/plain');
      req.setHeader('content-length', Buffer.byteLength(body));
      req.write(body.slice(0, 5));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });
    expect(await inFlight).toBe(200);

    await expect(fetch(`http://127.0.0.1:${port}/api/docs/json`)).rejects.toThrow();
    expect(await first.exited).toBe(0);
    // pg_ctl removes postmaster.pid only after a clean shutdown.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const restartAt = Date.now();
    const second = await startServer();
    const res = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(res.status).toBe(200);
    const coldStartMs = Date.now() - restartAt;
    console.log(`cold start to the first 200 (database already initialised): ${coldStartMs} ms`);
    // The budget is 10 s on a quiet machine (measured by the benchmark); here other test files share the
    // two cores, so the test only guards against a start that hangs or regresses badly.
    expect(coldStartMs).toBeLessThan(20_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});

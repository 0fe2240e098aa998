import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiRoot } from '../src/api-root';

/**
 * The API's build (build.mjs), which `npm start` and `npm run ops` run with plain Node, and so do the tests of
 * what only a process shows: `node …apiProcess.server` or `…apiProcess.cli`. The run's global setup builds it
 * from the sources first (buildApi), so a test never runs yesterday's bundle.
 */
export const apiProcess = {
  server: ['--enable-source-maps', path.join(apiRoot, 'dist/server.mjs')],
  cli: ['--enable-source-maps', path.join(apiRoot, 'dist/cli.mjs')],
} as const;

export async function buildApi(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(apiRoot, 'build.mjs')], { cwd: apiRoot });
}

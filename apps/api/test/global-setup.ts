import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { ensureEmbeddedPostgres, initialiseEmbeddedCluster } from '../src/db/embedded-postgres';
import { migrateDatabase } from '../src/db/migrate';
import { buildApi } from './api-build';
import { freePort } from './free-port';

export const TEMPLATE_DB = 'portal_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** A DATA_DIR holding a cluster fresh from initdb (not running), for server processes to copy. */
    preparedDataDir: string;
  }
}

/**
 * Starts a throw-away PostgreSQL (or uses TEST_DATABASE_URL's server) and migrates a template database. Also
 * runs initdb once for the run's server processes (test/server-process.ts): each copies that cluster instead of
 * waiting for its own initdb (seconds, most of it syncing files to disk). And builds the API (test/api-build.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-pg-'));
  const preparedDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-prepared-'));
  const preparing = initialiseEmbeddedCluster(preparedDataDir);
  // The server and CLI processes some tests start run the build, made here from the sources.
  const building = buildApi();
  const external = process.env.TEST_DATABASE_URL;
  const embedded = external
    ? undefined
    : await ensureEmbeddedPostgres({ dataDir, port: await freePort(), database: TEMPLATE_DB });
  const templateUrl = external ? withDatabase(external, TEMPLATE_DB) : embedded!.url;
  if (external) await recreateDatabase(withDatabase(external, 'postgres'), TEMPLATE_DB);
  const { pool } = createDatabase(templateUrl, { max: 1 });
  await migrateDatabase(pool);
  await pool.end();
  project.provide('pgAdminUrl', withDatabase(templateUrl, 'postgres'));
  await preparing;
  project.provide('preparedDataDir', preparedDataDir);
  await building;
  return async () => {
    await embedded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(preparedDataDir, { recursive: true, force: true });
  };
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function recreateDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

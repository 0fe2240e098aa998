import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ImportFileInput } from '@portal/contract';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { frozenClock } from '../apps/api/src/lib/clock';
import { importDocument } from '../apps/api/src/modules/imports';
import { E2E_NOW } from './data-fixtures';

/*
 * A second portal server, for the one browser spec that needs an organization other than the demo's: the run's
 * server holds only the demo organization, whose settings every other spec reads (e2e/data-fixtures.ts), so a
 * support chat turned on there would load in all of them. This one is the same app (buildApp) on a database of
 * its own in the run's PostgreSQL, serving the run's copy of the web build; its organization is the only one,
 * so the build (which names none) is its.
 */

export type ChatServer = {
  url: string;
  /** Imports the organization with this chat (docs/import-format.md), as an operator would. */
  setChat: (chat: {
    enabled: boolean;
    scriptUrl: string | null;
    settings?: Record<string, string>;
  }) => Promise<void>;
  stop: () => Promise<void>;
};

const organization = {
  slug: 'chat-e2e',
  name: 'Giro Chat',
  timezone: 'America/Sao_Paulo',
  supportPhone: '+55 11 4000-0000',
  calendar: { open: '00:00', businessDaysOnly: false },
  terms: { version: '2026-01', summaryHtml: '<p>Termos.</p>', fullUrl: 'https://chat-e2e.example/termos' },
};

export async function startChatServer(): Promise<ChatServer> {
  const dataDir = process.env.E2E_DATA_DIR;
  const webDist = process.env.E2E_WEB_DIST;
  if (!dataDir || !webDist) throw new Error('E2E_DATA_DIR and E2E_WEB_DIST are set by playwright.config.ts');
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const port = Number(process.env.E2E_PORT ?? 18_080) + 1;
  const server = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const name = `chat_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${server}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const { db, pool } = createDatabase(`${server}/${name}`, { max: 2 });
  await migrateDatabase(pool);
  const ownDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-chat-'));
  const clock = frozenClock(new Date(E2E_NOW));
  const config = loadConfig({
    DATA_DIR: ownDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    CHECK_ANSWERS: 'true',
  });
  const app = await buildApp({ config, db, clock });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const setChat: ChatServer['setChat'] = async (chat) => {
    const doc: ImportFileInput = { organizations: [{ ...organization, chat: { settings: {}, ...chat } }] };
    await importDocument(db, doc, { clock, notify: false });
  };
  return {
    url: address,
    setChat,
    stop: async () => {
      await app.close();
      await pool.end();
      await admin(`drop database if exists "${name}" with (force)`);
      await rm(ownDir, { recursive: true, force: true });
    },
  };
}

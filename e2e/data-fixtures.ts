import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { type ImportFile, type ImportFileInput, importFileSchema, zonedDateTime } from '@portal/contract';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { frozenClock } from '../apps/api/src/lib/clock';
import { importDocument } from '../apps/api/src/modules/imports';
import { shiftDemoDates } from '../apps/api/src/ops/demo/shift-demo-dates';
import { DEMO_DATA_FILE } from '../apps/api/src/ops/seed-demo';

/*
 * Every test owns its data. Before it starts, a test imports the small data set it needs into the run's
 * database with the operator import (apps/api/src/modules/imports, the code behind `npm run ops -- import`, so the
 * same validation and upserts as an operator's file), called in the Playwright worker itself on a connection to
 * the server's embedded PostgreSQL: no process to start per import. Refs, emails and invite tokens carry a tag
 * of the test's own (worker index and random bytes), so parallel workers, repeats and any order never meet each
 * other's data, and nothing a test changes (a request, a password, a default company, accepted terms) is read
 * by another.
 *
 * It all lands in the demo organization: the web app's public calls (the login page, the terms address) name no
 * organization, which the server allows only while it holds one. What tests share is what the server seeded
 * from the demo file and no test changes: the organization (terms, calendar), its buyers, its programs and their
 * notices. A test's companies take part in those programs with credits of their own.
 *
 * The demo's history (its past requests, `batches`, and the credits they hold) is not copied: a test that needs
 * requests makes them, so what it counts (open invoices, requests, the portfolio) is its own doing. Imports here
 * notify nobody (`notify: false`), as the demo seed: a copy's credits are not news for its users.
 */

/** The server's frozen clock (playwright.config.ts APP_NOW). */
export const E2E_NOW = '2026-11-23T10:00:00-03:00';

let demoDoc: ImportFile | undefined;
/** The demo file as the server seeded it (its dates moved to the run's today, as seeding does). */
function demo(): ImportFile {
  if (!demoDoc) {
    // Read as the importer reads it: every kind's array there, every optional key's default filled in.
    const doc = importFileSchema.parse(JSON.parse(readFileSync(DEMO_DATA_FILE, 'utf8')));
    const timezone = doc.organizations[0]?.timezone ?? 'America/Sao_Paulo';
    demoDoc = shiftDemoDates(doc, zonedDateTime(new Date(E2E_NOW), timezone).date);
  }
  return demoDoc;
}

let database: Database | undefined;
/**
 * One small pool per worker on the run's embedded PostgreSQL (playwright.config.ts: DATA_DIR, port + 1): for
 * what the browser cannot do itself (imports, the operator's settlement, a rule's scheduled run).
 */
export function runDatabase(): Database {
  if (!database) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
    const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    const port = Number(process.env.E2E_PORT ?? 18_080) + 1;
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
    database = createDatabase(url, { max: 2 }).db;
  }
  return database;
}

/**
 * Imports a document into the run's database (docs/import-format.md), as `npm run ops -- import` does, without
 * the CREDITS_ARRIVED notices (and their e-mails) an operator's import sends.
 */
export async function importData(doc: ImportFileInput): Promise<void> {
  await importDocument(runDatabase(), doc, { clock: frozenClock(new Date(E2E_NOW)), notify: false });
}

/** A tag no other test of the run (or repeat) has: worker index and random bytes, lower case for emails. */
export function uniqueTag(testInfo: TestInfo): string {
  return `w${testInfo.workerIndex}-${randomBytes(4).toString('hex')}`;
}

/** The demo users, by the local part of their demo login (README.md, Demo logins). */
export type DemoUser = 'ana' | 'carlos' | 'bruna' | 'diego' | 'eva' | 'gabriel' | 'helena';
/** The demo invites, by their demo token. */
export type DemoInvite =
  | 'demo-invite-open-1'
  | 'demo-invite-open-2'
  | 'demo-invite-closed'
  | 'demo-invite-confirmed'
  | 'demo-invite-waiting';

export type World = {
  tag: string;
  /** The login of each demo user copied (`ana` → `ana.<tag>@e2e.test`), with the demo password. */
  email: Record<DemoUser, string>;
  /** Token and address of each demo invite copied. */
  invite: Record<DemoInvite, { token: string; email: string }>;
  /** The ref of a copied demo company (`alfa` → `alfa-<tag>`), for data of the test's own built on it. */
  companyRef: (demoRef: string) => string;
};

export type SeedOptions = {
  /** Demo users to copy, with their companies. */
  users?: DemoUser[];
  /** Demo invites to copy (an OPEN one can be accepted), with their companies. */
  invites?: DemoInvite[];
  /**
   * The users' companies' participations in the demo programs, with every credit of each (default), or the
   * companies alone (false: nothing to list or price, for a test about the account, not the invoices).
   */
  participations?: boolean;
  /** Data of the test's own, imported with the copy (refs and emails made unique with the world's tag). */
  extra?: (world: World) => ImportFileInput;
};

/** The `seed` fixture (e2e/fixtures.ts): `seedWorld` for the current test. */
export type Seed = (options: SeedOptions) => Promise<World>;

const localPart = (email: string) => email.split('@')[0]!;

/**
 * Imports a copy of part of the demo organization's people for one test and returns their logins: the chosen
 * demo users with their companies, the companies' participations in the demo programs with all their credits,
 * and the chosen invites. Names, CNPJs, invoices and statuses are the demo's; refs, logins and tokens the
 * test's own.
 */
export async function seedWorld(testInfo: TestInfo, options: SeedOptions): Promise<World> {
  const tag = uniqueTag(testInfo);
  const source = demo();
  const emailOf = (email: string) => `${localPart(email)}.${tag}@e2e.test`;
  const companyRef = (ref: string) => `${ref}-${tag}`;
  const world: World = {
    tag,
    email: Object.fromEntries(
      source.users.map((u) => [localPart(u.email), emailOf(u.email)]),
    ) as World['email'],
    invite: Object.fromEntries(
      source.invites.map((i) => [i.token, { token: `${i.token}-${tag}`, email: emailOf(i.email) }]),
    ) as World['invite'],
    companyRef,
  };
  const users = source.users.filter((u) => options.users?.includes(localPart(u.email) as DemoUser));
  const invites = source.invites.filter((i) => options.invites?.includes(i.token as DemoInvite));
  const userCompanies = new Set(users.flatMap((u) => u.companies));
  const companies = new Set([...userCompanies, ...invites.map((i) => i.company)]);
  const providers =
    options.participations === false
      ? []
      : source.programProviders.filter((pp) => userCompanies.has(pp.company));
  const providerRefs = new Set(providers.map((pp) => pp.ref));
  // The credits of the demo's past requests stay with them (not copied, as the requests are not).
  const historyCredits = new Set(source.batches.flatMap((b) => b.credits));
  const extra = options.extra?.(world) ?? {};
  await importData({
    companies: [
      ...source.companies.filter((c) => companies.has(c.ref)).map((c) => ({ ...c, ref: companyRef(c.ref) })),
      ...(extra.companies ?? []),
    ],
    users: [
      ...users.map((u) => ({
        ...u,
        email: emailOf(u.email),
        companies: u.companies.map(companyRef),
        defaultCompany: u.defaultCompany === null ? null : companyRef(u.defaultCompany),
      })),
      ...(extra.users ?? []),
    ],
    funders: extra.funders ?? [],
    programs: extra.programs ?? [],
    programProviders: [
      ...providers.map((pp) => ({ ...pp, ref: `${pp.ref}-${tag}`, company: companyRef(pp.company) })),
      ...(extra.programProviders ?? []),
    ],
    credits: [
      ...source.credits
        .filter((c) => providerRefs.has(c.programProvider) && !historyCredits.has(c.ref))
        .map((c) => ({ ...c, ref: `${c.ref}-${tag}`, programProvider: `${c.programProvider}-${tag}` })),
      ...(extra.credits ?? []),
    ],
    notifications: extra.notifications ?? [],
    invites: [
      ...invites.map((i) => ({
        ...i,
        ...world.invite[i.token as DemoInvite],
        company: companyRef(i.company),
      })),
      ...(extra.invites ?? []),
    ],
  });
  return world;
}

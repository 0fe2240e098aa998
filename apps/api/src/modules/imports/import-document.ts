import { type ImportFile, importFileSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { importBatches } from './batches';
import { importBuyers, importCompanies } from './buyers-companies';
import { importCredits } from './credits';
import { importFunders } from './funders';
import { type Counts, type ImportContext, organizationAt } from './import-context';
import { importErrorFromZod } from './import-error';
import { type InviteLink, importInvites } from './invites';
import { importNotifications } from './notifications';
import { importOrganizations } from './organizations';
import { platformCreatesNoUser, refuseBeyondPlatform } from './platform-rules';
import { importProgramProviders } from './program-providers';
import { importPrograms } from './programs';
import { preparePasswords } from './user-passwords';
import { importUsers } from './users';

export type ImportKind = keyof ImportFile;
export type ImportSummary = {
  counts: Record<ImportKind, Counts>;
  inviteLinks: InviteLink[];
  durationMs: number;
};
export type ImportOptions = {
  clock: Clock;
  log?: (msg: string) => void;
  /**
   * Notify suppliers' users of what the import brings them (CREDITS_ARRIVED: inbox and e-mail). Default true;
   * the demo seed and the browser tests' copies pass false (docs/import-format.md#notifications).
   */
  notify?: boolean;
  /**
   * Who imports. Absent: the operator (the CLI, the seed), with the whole power of the format. A machine client
   * of the platform API on behalf of its organization (slug): confined to it, never setting a password nor
   * granting other than the provider roles, its invites mailed (platform-rules.ts,
   * docs/product/platform-api.md#imports).
   */
  platform?: {
    organization: string;
    /** Seals the tokens of the invites it writes, for their mails' jobs (the server's SECRETS_KEY). */
    secrets: SecretBox;
  };
  /** Runs last in the import's transaction, with its summary: what must land with it or not at all. */
  inTransaction?: (tx: Tx, summary: ImportSummary) => Promise<void>;
};

// Any constant works; it only has to be the same for every process that imports into this database.
const IMPORT_LOCK = 7_001_003;
const ANALYZE_AFTER_CREDITS = 10_000;

/**
 * Loads an operator import document (docs/import-format.md): validated against the contract's schema, then
 * written in one transaction, upserting every kind by its ref, so it lands entirely or not at all. A bad
 * entry (shape, value or a reference to nothing) throws an ImportError naming its JSON path.
 */
export async function importDocument(
  db: Database,
  doc: unknown,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const file = checkImportDocument(doc);
  const { platform } = options;
  if (platform) refuseBeyondPlatform(file, platform.organization);
  const passwords = await preparePasswords(db, file.users, (entry) =>
    platform
      ? { path: ['email'], reason: platformCreatesNoUser(entry.email, platform.organization) }
      : {
          path: ['password'],
          reason: 'validation.required: a new user needs a password (missing)',
          key: 'validation.required',
        },
  );

  const summary = await db.transaction(async (tx) => {
    // Imports queue behind each other (two servers seeding an empty database at once, say).
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const ctx: ImportContext = {
      tx,
      now: options.clock.now(),
      clock: options.clock,
      log,
      notify: options.notify ?? true,
      organizations: new Map(),
      fileOrganizationOf: { program: new Map(), programProvider: new Map() },
      ...(platform && { inviteMails: platform.secrets }),
    };
    // Document order, so that when several entries are wrong the first one in the file is reported.
    const organizations = await importOrganizations(ctx, file.organizations);
    if (platform) ctx.onlyOrganizationId = organizationAt(ctx, platform.organization, []).id;
    const buyers = await importBuyers(ctx, file.buyers);
    const companies = await importCompanies(ctx, file.companies);
    const funders = await importFunders(ctx, file.funders);
    const users = await importUsers(ctx, file.users, passwords);
    const programs = await importPrograms(ctx, file.programs);
    const programProviders = await importProgramProviders(ctx, file.programProviders);
    const credits = await importCredits(ctx, file.credits);
    const notifications = await importNotifications(ctx, file.notifications);
    const invites = await importInvites(ctx, file.invites);
    const batches = await importBatches(ctx, file.batches);
    const counts = {
      organizations,
      buyers,
      companies,
      funders,
      users,
      programs,
      programProviders,
      credits,
      notifications,
    };
    const result: ImportSummary = {
      counts: { ...counts, invites: invites.counts, batches },
      inviteLinks: invites.links,
      durationMs: Date.now() - started,
    };
    await options.inTransaction?.(tx, result);
    return result;
  });
  const creditsWritten = summary.counts.credits.created + summary.counts.credits.updated;
  if (creditsWritten >= ANALYZE_AFTER_CREDITS) {
    // Fresh statistics (or the first lists are planned as full sorts) and the visibility map set (or every
    // index-only walk visits the table) before the first supplier opens a list, instead of whenever
    // autovacuum comes by. SKIP_LOCKED leaves the table to a vacuum already running.
    await db.execute(sql`vacuum (analyze, skip_locked) credits`);
  }
  return summary;
}

/** The document checked against the format (docs/import-format.md#errors), or an ImportError naming the first bad entry. */
export function checkImportDocument(doc: unknown): ImportFile {
  const parsed = importFileSchema.safeParse(doc, { reportInput: true });
  if (!parsed.success) throw importErrorFromZod(parsed.error);
  return parsed.data;
}

/** One line for a terminal: `1 organizations, 2 buyers, … (1600 new, 0 updated credits)`. */
export function formatCounts(counts: Record<ImportKind, Counts>): string {
  return Object.entries(counts)
    .map(([kind, c]) => {
      const total = c.created + c.updated;
      return c.updated === 0
        ? `${total} ${kind}`
        : `${total} ${kind} (${c.created} new, ${c.updated} updated)`;
    })
    .join(', ');
}

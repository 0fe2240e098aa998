import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { clockFrom } from '../../lib/clock';
import { createMailer } from '../../mail';
import { createInvite, InviteRefused } from '../../modules/invites/create-invite';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const inviteSynopsis = 'invite --company <ref> --email <e>';
export const inviteSummary = 'invite a user to a company, mail and print the link ([--organization <slug>])';
const USAGE_ERROR = 2;

/**
 * `npm run ops -- invite`: creates an OPEN invite for a company (by its ref, or its id), mails the link in
 * the organization's language and prints it, so the operator can also hand it over another way.
 * Exit codes: 0 done, 1 refused (unknown company or organization, address already a user) or mail not sent
 * (the invite exists and its link is printed), 2 bad usage.
 */
export async function runInvite(args: string[], io: Io, config: Config = loadConfig()): Promise<number> {
  const input = parseInviteArgs(args);
  if (!input) {
    io.err(`usage: npm run ops -- ${inviteSynopsis} [--organization <slug>]`);
    return USAGE_ERROR;
  }
  const database = await openDatabase(config, io.out);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailboxDir: path.join(config.dataDir, 'mailbox'),
    from: config.mailFrom,
    log: {
      info: (fields, msg) => {
        const { file } = fields as { file?: string };
        io.out(file ? `${msg}: ${file}` : msg);
      },
    },
  });
  try {
    const invite = await createInvite(
      { db: database.db, mailer, now: clockFrom(config.appNow).now(), publicUrl: config.publicUrl },
      input,
    );
    io.out(
      `invite for ${invite.email} to ${invite.company.name} (${invite.organization.name}), valid until ${invite.expiresAt.toISOString()}:`,
    );
    io.out(invite.link);
    if (invite.mailError) {
      io.err(`invite: the mail was not sent (${invite.mailError}); hand the link over another way`);
      return 1;
    }
    return 0;
  } catch (err) {
    if (!(err instanceof InviteRefused)) throw err;
    io.err(`invite: ${err.message}`);
    return 1;
  } finally {
    await mailer.close();
    await database.close();
  }
}

function parseInviteArgs(args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { company: { type: 'string' }, email: { type: 'string' }, organization: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0 || !values.company || !values.email) return undefined;
    return { company: values.company, email: values.email, organization: values.organization };
  } catch {
    return undefined;
  }
}

import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { redactUrl } from '../lib/redact';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable `Message-ID` (`<…@…>`), so a receiving server or client can tell a resent copy from a new mail. */
  messageId?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP connections (no-op for the local mailbox). Call it when the app shuts down. */
  close(): Promise<void>;
};

/** The part of a pino / Fastify logger the mailer uses. */
export type MailLogger = { info(obj: object, msg: string): void };

export type MailerOptions = {
  /** `SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com` (nodemailer URL syntax, query options allowed). */
  smtpUrl?: string | undefined;
  /** Where the local mailbox writes `.eml` files when there is no SMTP URL (`DATA_DIR/mailbox`). */
  mailboxDir: string;
  /** The From header, e.g. `"Portal" <no-reply@portal.example>`. */
  from: string;
  log: MailLogger;
};

// One bare address, no display name, no list: the recipient always comes from our own data (a user's login,
// an invite's email), and a value like "a@x.com, b@y.com" must never fan out to several people.
const SINGLE_ADDRESS = /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+$/;

// Shared by both modes: nodemailer must never read local files or fetch URLs named in a message.
const contentSafety = { disableFileAccess: true, disableUrlAccess: true } as const;

function checkMessage(message: MailMessage): void {
  if (!SINGLE_ADDRESS.test(message.to)) throw new TypeError('mail recipient must be a single email address');
}

/** The http(s) links of a text, in order, without duplicates (trailing punctuation is not part of a link). */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/gi) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]}]+$/, '')))];
}

/**
 * Mail for the API and the ops CLI (docs/product/operations.md#mail). With `smtpUrl`: a pooled nodemailer
 * SMTP transport. Without: a local mailbox, one RFC 822 `.eml` file per message under `mailboxDir` plus one
 * log line with the message's links (secret segments masked), so that password reset and invites work on a
 * fresh machine.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createMailboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, { from, log }: MailerOptions): Mailer {
  // Query parameters of the URL (e.g. ?pool=false, ?connectionTimeout=...) override these defaults.
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...contentSafety,
    },
    { from },
  );
  return {
    async send(message) {
      checkMessage(message);
      const { to, subject, text, html, messageId } = message;
      const info = await transport.sendMail({ to, subject, text, html, messageId });
      log.info({ to, subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function createMailboxMailer({ mailboxDir, from, log }: MailerOptions): Mailer {
  // nodemailer composes the message exactly as it would send it; CRLF line ends as RFC 5322 wants.
  const composer = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows', ...contentSafety },
    { from },
  );
  const dir = path.resolve(mailboxDir);
  return {
    async send(message) {
      checkMessage(message);
      const { to, subject, text, html, messageId } = message;
      const info = await composer.sendMail({ to, subject, text, html, messageId });
      if (!Buffer.isBuffer(info.message)) throw new Error('mail composer did not return a buffer');

      // ISO 8601 in its basic format (no ':' so the name is valid on every file system), sortable by time.
      const stamp = new Date().toISOString().replace(/[-:]/g, '');
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
      const file = path.join(dir, name);
      const partial = path.join(dir, `.${name}.partial`);
      // The mails hold reset keys and invite tokens: readable by the owner only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        await writeFile(partial, info.message, { mode: 0o600, flag: 'wx' });
        await rename(partial, file); // a reader never sees a half-written file
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      // The links name the page; their keys and tokens stay in the file, which only the owner can read.
      const links = extractLinks(text).map(redactUrl);
      log.info({ to, subject, file, links }, 'mail written to local mailbox');
    },
    async close() {
      composer.close();
    },
  };
}

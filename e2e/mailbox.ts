import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The e2e server's data folder (set in playwright.config.ts); its mailbox holds one .eml file per mail. */
const mailboxDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mailbox');

/** Quoted-printable, as nodemailer writes the bodies: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function mailsTo(recipient: string): Promise<string[]> {
  const names = (await readdir(mailboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(names.map((name) => readFile(path.join(mailboxDir, name), 'utf8')));
  return mails.filter((mail) => new RegExp(`^To: ${recipient.replace('.', '\\.')}\\r?$`, 'm').test(mail));
}

/** Waits for a new password-reset mail to `recipient` (sent after `countBefore` mails) and returns its link. */
export async function waitForResetLink(recipient: string, countBefore: number): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(recipient);
        if (mails.length <= countBefore) return '';
        const body = decodeQuotedPrintable(mails.at(-1) ?? '');
        link = body.match(/https?:\/\/\S+?\/password-reset\/[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

export async function countMailsTo(recipient: string): Promise<number> {
  return (await mailsTo(recipient)).length;
}

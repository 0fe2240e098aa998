import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, extractLinks, type Mailer } from './mailer.js';
import { inviteMail, passwordResetMail } from './templates/index.js';

// --- a minimal MIME reader, enough to check what nodemailer produced ------------------------------------

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words, as nodemailer writes them for a non-ASCII subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The decoded text/plain body of a (possibly multipart) message. */
function textBody(message: Part): string {
  const type = message.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(message);
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => parsePart(p.replace(/^\r?\n/, '')));
  const text = parts.find((p) => p.headers.get('content-type')?.startsWith('text/plain'));
  if (!text) throw new Error('no text/plain part');
  return decodeBody(text);
}

// --------------------------------------------------------------------------------------------------------

const RESET_LINK = 'http://localhost:8080/password-reset/4q3UqkE0cZ_8V7uUZtqCfA?lang=pt-BR&source=mail';

function captureLog() {
  const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  return { lines, log: { info: (obj: object, msg: string) => lines.push({ obj: { ...obj }, msg }) } };
}

describe('createMailer with SMTP', () => {
  let server: SMTPServer | undefined;
  let mailer: Mailer | undefined;

  afterEach(async () => {
    await mailer?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('delivers the password reset mail to a real SMTP server', async () => {
    const received: Array<{ raw: string; rcptTo: string[] }> = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    const smtp = server;
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;

    const { lines, log } = captureLog();
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailboxDir: path.join(tmpdir(), 'unused-mailbox'),
      from: '"Portal Demo" <no-reply@portal.test>',
      log,
    });
    const content = passwordResetMail({
      locale: 'pt-BR',
      link: RESET_LINK,
      organizationName: 'Giro Demo',
      supportPhone: '0800 000 0000',
    });
    await mailer.send({ to: 'ana.souza@fornecedor.test', ...content });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.rcptTo).toEqual(['ana.souza@fornecedor.test']);
    const message = parsePart(mail!.raw);
    expect(message.headers.get('to')).toBe('ana.souza@fornecedor.test');
    expect(message.headers.get('from')).toBe('Portal Demo <no-reply@portal.test>');
    expect(decodeHeader(message.headers.get('subject') ?? '')).toBe('Redefinição de senha – Giro Demo');
    expect(textBody(message)).toContain(RESET_LINK);
    expect(textBody(message)).toContain('0800 000 0000');

    // the SMTP mode logs who and what, never the body or the link
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ to: 'ana.souza@fornecedor.test', subject: content.subject });
    expect(JSON.stringify(lines)).not.toContain(RESET_LINK);
  });
});

describe('createMailer with the local mailbox', () => {
  let dir: string | undefined;

  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes one .eml file and logs the link with its token masked', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mailbox-test-'));
    const mailboxDir = path.join(dir, 'data', 'mailbox'); // does not exist yet
    const { lines, log } = captureLog();
    const mailer = createMailer({ mailboxDir, from: 'no-reply@portal.test', log });
    const link = 'https://portal.test/accept-invite/tok_9f8e7d6c5b4a?companyName=Acme%20Ltda&x=1';
    const content = inviteMail({
      locale: 'en',
      link,
      companyName: 'Acme Ltda',
      organizationName: 'Giro Demo',
    });

    await mailer.send({ to: 'joao@acme.test', ...content });
    await mailer.close();

    const files = await readdir(mailboxDir);
    expect(files).toHaveLength(1);
    const [name] = files;
    expect(name).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    const file = path.join(mailboxDir, name!);
    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^To: joao@acme\.test\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    const message = parsePart(raw);
    expect(decodeHeader(message.headers.get('subject') ?? '')).toBe('Invitation to the Giro Demo portal');
    expect(textBody(message)).toContain(link);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(lines).toEqual([
      {
        obj: {
          to: 'joao@acme.test',
          subject: content.subject,
          file,
          links: ['https://portal.test/accept-invite/[redacted]?companyName=Acme%20Ltda&x=1'],
        },
        msg: 'mail written to local mailbox',
      },
    ]);
  });

  it('refuses a recipient that is not one plain address', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mailbox-test-'));
    const { lines, log } = captureLog();
    const mailer = createMailer({ mailboxDir: dir, from: 'no-reply@portal.test', log });
    const content = { subject: 's', text: 't', html: '<p>t</p>' };
    for (const to of [
      'a@x.test, b@y.test',
      'Eve <eve@x.test>',
      'a@x.test\r\nBcc: b@y.test',
      'not-an-email',
    ]) {
      await expect(mailer.send({ to, ...content })).rejects.toThrow(TypeError);
    }
    expect(await readdir(dir)).toEqual([]);
    expect(lines).toEqual([]);
  });
});

describe('extractLinks', () => {
  it('finds http(s) links, drops trailing punctuation and duplicates', () => {
    expect(
      extractLinks(
        'Open https://a.test/x?k=1. Or (http://b.test/y), again https://a.test/x?k=1 ftp://c.test',
      ),
    ).toEqual(['https://a.test/x?k=1', 'http://b.test/y']);
  });
});

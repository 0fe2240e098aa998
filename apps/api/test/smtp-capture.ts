import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

/**
 * A real SMTP server on loopback that keeps every message it accepts, raw (quoted-printable soft line breaks
 * joined, so a test can look for a phrase). Created closed: `listen()` opens it, so a test can have the mail
 * server down first. Closed after the file's tests.
 */
export function smtpCapture(port: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, ''));
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    server,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
  };
}

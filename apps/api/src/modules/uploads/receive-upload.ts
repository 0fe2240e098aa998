import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { type InvoiceMediaType, invoiceUpload } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { randomSecret } from '../../lib/crypto';
import { createInvoiceInspector } from './invoice-type';

export type ReceivedUpload = {
  /** Owned by the caller from here on: remove it once the store has taken the file. */
  tempPath: string;
  clientName: string | undefined;
  size: number;
  sha256: string;
  /** Undefined when the content is not an accepted invoice type. */
  contentType: InvoiceMediaType | undefined;
};

type ReceiveOptions = { incoming: { dir: string; ensure(): Promise<void> }; maxBytes: number };

const fileError = (message: 'validation.required' | 'validation.invalid') =>
  new AppError('error.validation', { fieldErrors: [{ field: invoiceUpload.field, message }] });

/**
 * Reads the one `file` part of a multipart request into a private temp file, hashing, counting and
 * recognising it on the way. The whole body is read before answering, so a second file is noticed (the
 * multipart `files: 1` limit reports it only after the first one; `request.file()` would never see it).
 */
export async function receiveInvoiceFile(
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw fileError('validation.required');
  await options.incoming.ensure();
  const tempPath = path.join(options.incoming.dir, `${randomSecret(18)}.part`);
  let received: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (received || part.fieldname !== invoiceUpload.field) throw fileError('validation.invalid');
      received = await writePart(part, tempPath, options.maxBytes);
    }
  } catch (error) {
    discardUnreadBody(request);
    await rm(tempPath, { force: true });
    throw asClientError(error);
  }
  if (!received) throw fileError('validation.required');
  return received;
}

/**
 * A refusal can come before the body is read to its end (a part left unread stalls the parser). Let the rest
 * flow into nothing, as Node does for an unread body, so the socket is not left hanging on a paused stream.
 */
function discardUnreadBody(request: FastifyRequest) {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}

async function writePart(part: MultipartFile, tempPath: string, maxBytes: number): Promise<ReceivedUpload> {
  const hash = createHash('sha256');
  const inspector = createInvoiceInspector();
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // Our own limit, whatever the plugin's: never write more than one byte past it.
      if (size > maxBytes) return done(new AppError('error.upload.tooLarge'));
      hash.update(chunk);
      inspector.write(chunk);
      done(null, chunk);
    },
  });
  const sink = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(part.file, meter, sink);
  } catch (error) {
    // A refusal that comes at once (a truncated body) can reject before the stream has even opened its
    // file: wait until it is closed, so the caller's removal comes after the file exists, never before.
    if (!sink.closed) await once(sink, 'close');
    throw error;
  }
  // The plugin's fileSize limit ends the stream early and quietly; only this flag tells.
  if (part.file.truncated) throw new AppError('error.upload.tooLarge');
  return {
    tempPath,
    clientName: part.filename,
    size,
    sha256: hash.digest('hex'),
    contentType: inspector.finish(),
  };
}

/**
 * Limits and broken bodies are the client's fault. Only a file over the size limit is 413; a second file or
 * too many parts is a malformed form (400, though the plugin gives those limits 413 too), and so are the
 * plugin's other errors and busboy's parse errors (plain `Error`s such as "Unexpected end of multipart
 * data"). Disk and programming errors pass through as 500.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('error.upload.tooLarge');
  if (code === 'FST_FILES_LIMIT') return fileError('validation.invalid');
  const isPluginError = typeof code === 'string' && code.startsWith('FST_');
  const isParseError = error instanceof Error && error.constructor === Error && code === undefined;
  return isPluginError || isParseError ? new AppError('error.validation') : error;
}

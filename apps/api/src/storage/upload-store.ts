import type { Readable } from 'node:stream';
import type { InvoiceMediaType } from '@portal/contract';

export type UploadMeta = { sha256: string; contentType: InvoiceMediaType };

/**
 * Where uploaded documents live. The local folder is the default (docs/product/operations.md#uploads); an
 * object store implements the same three calls. `put` takes a finished, already checked temp file rather than
 * a live stream: the local store can then rename it into place (no half-written file under a final name) and
 * an object store can send it with its length and checksum known up front. The caller still removes the temp
 * path afterwards.
 */
export type UploadStore = {
  put(tempPath: string, meta: UploadMeta): Promise<{ storedName: string }>;
  open(storedName: string): Promise<Readable>;
  /** Undo a put whose database record failed; a missing name is not an error. */
  remove(storedName: string): Promise<void>;
};

export const extensionOf: Record<InvoiceMediaType, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

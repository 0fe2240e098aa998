import { z } from 'zod';
import { defineCall } from '../define-call';
import { idParamSchema, idSchema } from '../primitives';

const tag = 'uploads';

/**
 * The invoice document rules (docs/product/requests.md#service-invoices), shared so the web app can refuse a
 * file before sending it. The server recognises the type by content, not by name or declared type, and
 * answers 413 error.upload.tooLarge above the limit, 400 error.upload.unsupportedType for anything else. An NF-e
 * XML is checked against its credit first (docs/product/requests.md#invoice-check): each refusal is a 400
 * error.invoice.* whose fieldErrors carry what the document says against what the credit says (`params`).
 */
export const invoiceUpload = {
  field: 'file',
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 120_000,
  /** The most documents one credit keeps; one more answers error.upload.tooMany. */
  maxPerCredit: 10,
} as const;

export const invoiceMediaTypeSchema = z.enum([
  'application/pdf',
  'application/xml',
  'image/png',
  'image/jpeg',
]);
export type InvoiceMediaType = z.infer<typeof invoiceMediaTypeSchema>;

export const uploadResultSchema = z.object({
  id: idSchema,
  /** The name the user gave the file; it is stored under a generated one. */
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
  /** The access key of an electronic invoice (NF-e XML) checked against the credit; null for other documents. */
  accessKey: z.string().nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Multipart with one field `file`; no zod body: the multipart plugin streams it. */
export const uploadCreditInvoiceCall = defineCall({
  method: 'POST',
  path: '/api/credits/:creditId/upload',
  auth: 'provider',
  tag,
  summary: 'Upload the invoice document of a credit',
  consumes: ['multipart/form-data'],
  params: z.object({ creditId: idParamSchema }),
  response: uploadResultSchema,
});

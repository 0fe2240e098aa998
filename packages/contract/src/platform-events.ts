import { z } from 'zod';
import { msg } from './validation-messages';

/**
 * What the platform is told of (docs/product/platform-api.md#events): each change it must know is an event
 * written in the transaction of the change, listed in order and pushed to webhooks.
 */
export const platformEventTypes = [
  'batch.requested',
  'batch.cancelled',
  'batch.paid',
  'batch.rejected',
  'invoice.uploaded',
  'quote.requested',
  'quote.closed',
] as const;
/** A type it does not know is `validation.invalid` on its field, as every closed vocabulary's (enums.ts). */
export const platformEventTypeSchema = z.enum(platformEventTypes, msg('validation.invalid'));
export type PlatformEventType = z.infer<typeof platformEventTypeSchema>;

/**
 * Who funds a request, as the platform's calls and events name it (docs/product/platform-api.md#funder): the
 * funder's ref and name (the import document's), or null for the house offer (the program's own rate).
 */
export const platformFunderSchema = z.object({ ref: z.string(), name: z.string() }).nullable();
export type PlatformFunder = z.infer<typeof platformFunderSchema>;

/** A request as its events carry it: enough to act on, the rest by `GET /api/platform/v1/batches/{id}`. */
export const batchEventDataSchema = z.object({
  batch: z.object({
    id: z.number().int(),
    status: z.enum(['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED']),
    /** The participation's ref (the import document's), and the company's CPF or CNPJ in its stored form. */
    programProvider: z.string(),
    company: z.string(),
    /** Its funder as when the event was written; null for the house offer. */
    funder: platformFunderSchema,
    /** Net amount to pay the supplier, reais. */
    netValue: z.number(),
    paymentDate: z.string(),
    /** The refs of its credits. */
    credits: z.array(z.string()),
    rejectionReason: z.string().nullable(),
    paymentReference: z.string().nullable(),
  }),
});

/** An electronic invoice accepted for a credit (an NF-e XML's access key, or null for a PDF or an image). */
export const invoiceEventDataSchema = z.object({
  credit: z.object({ ref: z.string(), programProvider: z.string() }),
  invoice: z.object({ accessKey: z.string().nullable(), contentType: z.string() }),
});

/**
 * A supplier asks the funders to bid (docs/product/auction.md#events): sent to each funder the program admits,
 * alone (other funders never learn of it). Identifications in their stored form; values in reais.
 */
export const quoteRequestedDataSchema = z.object({
  quoteId: z.number().int(),
  program: z.object({ ref: z.string(), name: z.string() }),
  buyer: z.object({ name: z.string(), identification: z.string() }),
  supplier: z.object({ name: z.string(), identification: z.string() }),
  credits: z.array(z.object({ ref: z.string(), originalValue: z.number(), expireDate: z.string() })),
  closesAt: z.string(),
});

/**
 * The quote closed without the funder's bid winning: another was accepted (`ACCEPTED`; the winner hears
 * `batch.requested` instead), or its time ran out (`EXPIRED`, every bid void). The winning rate is not told.
 */
export const quoteClosedDataSchema = z.object({
  quoteId: z.number().int(),
  status: z.enum(['ACCEPTED', 'EXPIRED']),
});

export const platformEventSchema = z.object({
  /**
   * Unique and increasing (digits, as a string: JSON numbers lose precision past 2^53): the events list's cursor
   * and the webhooks' `webhook-id`.
   */
  id: z.string(),
  type: platformEventTypeSchema,
  timestamp: z.string(),
  data: z.union([
    batchEventDataSchema,
    invoiceEventDataSchema,
    quoteRequestedDataSchema,
    quoteClosedDataSchema,
  ]),
});
export type PlatformEvent = z.infer<typeof platformEventSchema>;

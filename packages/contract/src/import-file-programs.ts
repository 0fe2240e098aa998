import { z } from 'zod';
import { importFlag, importList, importRefSchema, importText } from './import-file-parties';
import {
  creditKindSchema,
  creditStatusSchema,
  discountModeSchema,
  hexColorSchema,
  instantSchema,
  isoDateSchema,
  limits,
  moneyStringSchema,
  notificationTypeSchema,
  providerStatusSchema,
  rateStringSchema,
  strictBody,
  textSchema,
  timeSchema,
} from './primitives';
import { msg } from './validation-messages';

// The programs of the import document: programs with their IOF rates, the companies taking part in them
// (program providers), their credits and notices. The format and its additions: import-file.ts.

export const importIofSchema = strictBody({
  validFrom: isoDateSchema,
  daily: rateStringSchema,
  fixed: rateStringSchema,
});

export const importProgramSchema = strictBody({
  ref: importRefSchema,
  organization: importRefSchema,
  buyer: importRefSchema,
  name: textSchema(),
  color: hexColorSchema,
  monthlyRate: rateStringSchema,
  discountMode: discountModeSchema,
  platformFee: rateStringSchema,
  bankFee: moneyStringSchema,
  iof: importList(importIofSchema),
  daysToPay: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(0, msg('validation.invalid'))
    .max(60, msg('validation.invalid')),
  anticipationMaxTime: timeSchema,
  /** Days at least between the payment date and the due date for a credit to be offered (eligibility). */
  minDaysToMaturity: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(365, msg('validation.invalid'))
    .default(1),
  requireServiceInvoice: importFlag,
  sessionTermHtml: importText(limits.htmlMax),
  /** Requesting or cancelling early payment here needs the user's transaction PIN. */
  requirePin: importFlag.default(false),
});

export const importProgramProviderSchema = strictBody({
  ref: importRefSchema,
  program: importRefSchema,
  company: importRefSchema,
  status: providerStatusSchema,
  providerCanNotAnticipateHtml: importText(limits.htmlMax).nullable(),
  /** The supplier may cancel its own requests here; false answers error.provider.cannotCancel. */
  canCancel: importFlag.default(true),
});

export const importCreditSchema = strictBody({
  ref: importRefSchema,
  programProvider: importRefSchema,
  nfNumber: textSchema(50),
  nfSerial: textSchema(20),
  installmentNumber: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(limits.int4Max, msg('validation.invalid')),
  orderDetail: importText(limits.detailMax).nullable(),
  issueDate: isoDateSchema,
  expireDate: isoDateSchema,
  originalValue: moneyStringSchema,
  kind: creditKindSchema,
  status: creditStatusSchema,
  invoiceUploaded: importFlag.default(false),
}).refine((credit) => credit.expireDate >= credit.issueDate, {
  ...msg('validation.dates.order'),
  path: ['expireDate'],
});

export const importNotificationSchema = strictBody({
  ref: importRefSchema,
  program: importRefSchema,
  type: notificationTypeSchema,
  title: textSchema(),
  message: importText(limits.messageMax),
  activeFrom: instantSchema,
  activeUntil: instantSchema.nullable(),
}).refine((n) => n.activeUntil === null || Date.parse(n.activeUntil) > Date.parse(n.activeFrom), {
  ...msg('validation.dates.order'),
  path: ['activeUntil'],
});

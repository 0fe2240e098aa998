/*
 * The operator import document (docs: IMPORT_FORMAT.md). Every key is required unless marked optional;
 * unknown keys are rejected so a typo fails loudly instead of being dropped; arrays may be absent (= empty).
 * Optional keys this project adds to the shared format:
 *   organization.locale (default 'pt-BR'), organization.chat.settings (widget options, default {}),
 *   program.iof (IOF rates with their valid-from dates, default none = 0),
 *   user.langKey, user.phone, user.whatsAppStatus (default NOT_KNOWN),
 *   credit.invoiceUploaded (default false).
 * Nullable, not optional: company.bankAccount (a company without one exists: error.bankAccount.empty) and
 * user.defaultCompany (a user without companies has none).
 */

import { z } from 'zod';
import {
  importBuyerSchema,
  importCompanySchema,
  importFlag,
  importInviteSchema,
  importList,
  importOrganizationSchema,
  importRefSchema,
  importText,
  importUserSchema,
} from './import-file-parties';
import { checkImportRefs } from './import-file-refs';
import {
  creditKindSchema,
  creditStatusSchema,
  discountModeSchema,
  hexColorSchema,
  instantSchema,
  isoDateSchema,
  moneyStringSchema,
  notificationTypeSchema,
  providerStatusSchema,
  rateStringSchema,
  strictBody,
  textSchema,
  timeSchema,
} from './primitives';
import { msg } from './validation-messages';

export * from './import-file-parties';

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
  sessionTermHtml: importText,
});

export const importProgramProviderSchema = strictBody({
  ref: importRefSchema,
  program: importRefSchema,
  company: importRefSchema,
  status: providerStatusSchema,
  providerCanNotAnticipateHtml: importText.nullable(),
});

export const importCreditSchema = strictBody({
  ref: importRefSchema,
  programProvider: importRefSchema,
  nfNumber: textSchema(50),
  nfSerial: textSchema(20),
  installmentNumber: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid')),
  orderDetail: importText.nullable(),
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
  message: importText,
  activeFrom: instantSchema,
  activeUntil: instantSchema.nullable(),
}).refine((n) => n.activeUntil === null || Date.parse(n.activeUntil) > Date.parse(n.activeFrom), {
  ...msg('validation.dates.order'),
  path: ['activeUntil'],
});

export const importFileSchema = strictBody({
  organizations: importList(importOrganizationSchema),
  buyers: importList(importBuyerSchema),
  companies: importList(importCompanySchema),
  users: importList(importUserSchema),
  programs: importList(importProgramSchema),
  programProviders: importList(importProgramProviderSchema),
  credits: importList(importCreditSchema),
  notifications: importList(importNotificationSchema),
  invites: importList(importInviteSchema),
}).superRefine(checkImportRefs);

/** The document after parsing: defaults applied, arrays present. */
export type ImportFile = z.output<typeof importFileSchema>;
/** The document as an operator writes it. */
export type ImportFileInput = z.input<typeof importFileSchema>;

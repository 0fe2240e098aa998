import { z } from 'zod';
import { checkImportRefs } from './import-file-refs';
import {
  companyTypeSchema,
  creditKindSchema,
  creditStatusSchema,
  discountModeSchema,
  emailSchema,
  hexColorSchema,
  instantSchema,
  inviteStatusSchema,
  isoDateSchema,
  isValidIdentification,
  localeSchema,
  moneyStringSchema,
  notificationTypeSchema,
  passwordSchema,
  phoneSchema,
  providerStatusSchema,
  rateStringSchema,
  roleSchema,
  strictBody,
  textSchema,
  timeSchema,
  tokenSchema,
  urlSchema,
  whatsAppStatusSchema,
} from './primitives';
import { msg } from './validation-messages';

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

const refSchema = textSchema(100);
const list = <Item extends z.ZodType>(item: Item) => z.array(item).default([]);
const digits = z
  .string(msg('validation.identification.invalid'))
  .regex(/^\d+$/, msg('validation.identification.invalid'));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** CPF check digits for INDIVIDUAL, CNPJ for CORPORATION, reported on the identification. */
const identified = { type: companyTypeSchema, identification: digits };
function checkIdentification(
  entry: { type: 'INDIVIDUAL' | 'CORPORATION'; identification: string },
  ctx: z.RefinementCtx,
) {
  if (isValidIdentification(entry.type, entry.identification)) return;
  const message = entry.type === 'INDIVIDUAL' ? 'validation.cpf.invalid' : 'validation.cnpj.invalid';
  ctx.addIssue({ code: 'custom', message, path: ['identification'] });
}

export const importOrganizationSchema = strictBody({
  slug: z
    .string(msg('validation.slug.invalid'))
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, msg('validation.slug.invalid')),
  name: textSchema(),
  timezone: z
    .string(msg('validation.timezone.invalid'))
    .refine(isTimeZone, msg('validation.timezone.invalid')),
  supportPhone: textSchema(30),
  calendar: strictBody({ open: timeSchema, businessDaysOnly: z.boolean() }),
  terms: strictBody({ version: textSchema(50), summaryHtml: z.string(), fullUrl: urlSchema }),
  chat: strictBody({
    enabled: z.boolean(),
    scriptUrl: urlSchema.nullable(),
    settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
  }),
  locale: localeSchema.default('pt-BR'),
});

export const importBuyerSchema = strictBody({
  ref: refSchema,
  organization: refSchema,
  name: textSchema(),
  ...identified,
}).superRefine(checkIdentification);

export const importCompanySchema = strictBody({
  ref: refSchema,
  organization: refSchema,
  name: textSchema(),
  ...identified,
  canAnticipate: z.boolean(),
  bankAccount: strictBody({
    /** The bank's 3-digit COMPE code. */
    bank: z.string().regex(/^\d{3}$/),
    branch: z.string().regex(/^\d{1,6}(-[\dXx])?$/),
    account: z.string().regex(/^\d{1,20}(-[\dXx])?$/),
  }).nullable(),
}).superRefine(checkIdentification);

export const importUserSchema = strictBody({
  organization: refSchema,
  email: emailSchema,
  /** Hashed on import, never stored as given. */
  password: passwordSchema,
  firstName: textSchema(),
  fullName: textSchema(),
  activated: z.boolean(),
  authorities: list(roleSchema),
  acceptedTerms: z.boolean(),
  companies: list(refSchema),
  defaultCompany: refSchema.nullable(),
  langKey: localeSchema.optional(),
  phone: phoneSchema.optional(),
  whatsAppStatus: whatsAppStatusSchema.default('NOT_KNOWN'),
}).refine((user) => user.defaultCompany === null || user.companies.includes(user.defaultCompany), {
  ...msg('validation.defaultCompany.notListed'),
  path: ['defaultCompany'],
});

export const importIofSchema = strictBody({
  validFrom: isoDateSchema,
  daily: rateStringSchema,
  fixed: rateStringSchema,
});

export const importProgramSchema = strictBody({
  ref: refSchema,
  organization: refSchema,
  buyer: refSchema,
  name: textSchema(),
  color: hexColorSchema,
  monthlyRate: rateStringSchema,
  discountMode: discountModeSchema,
  platformFee: rateStringSchema,
  bankFee: moneyStringSchema,
  iof: list(importIofSchema),
  daysToPay: z.number().int().min(0).max(60),
  anticipationMaxTime: timeSchema,
  requireServiceInvoice: z.boolean(),
  sessionTermHtml: z.string(),
});

export const importProgramProviderSchema = strictBody({
  ref: refSchema,
  program: refSchema,
  company: refSchema,
  status: providerStatusSchema,
  providerCanNotAnticipateHtml: z.string().nullable(),
});

export const importCreditSchema = strictBody({
  ref: refSchema,
  programProvider: refSchema,
  nfNumber: textSchema(50),
  nfSerial: textSchema(20),
  installmentNumber: z.number().int().min(1),
  orderDetail: z.string().nullable(),
  issueDate: isoDateSchema,
  expireDate: isoDateSchema,
  originalValue: moneyStringSchema,
  kind: creditKindSchema,
  status: creditStatusSchema,
  invoiceUploaded: z.boolean().default(false),
}).refine((credit) => credit.expireDate >= credit.issueDate, {
  ...msg('validation.dates.order'),
  path: ['expireDate'],
});

export const importNotificationSchema = strictBody({
  ref: refSchema,
  program: refSchema,
  type: notificationTypeSchema,
  title: textSchema(),
  message: z.string(),
  activeFrom: instantSchema,
  activeUntil: instantSchema.nullable(),
}).refine((n) => n.activeUntil === null || Date.parse(n.activeUntil) > Date.parse(n.activeFrom), {
  ...msg('validation.dates.order'),
  path: ['activeUntil'],
});

export const importInviteSchema = strictBody({
  organization: refSchema,
  company: refSchema,
  email: emailSchema,
  /** Stored hashed; without one the importer generates it and prints the invite link. */
  token: tokenSchema.optional(),
  status: inviteStatusSchema,
  expiresAt: instantSchema,
});

export const importFileSchema = strictBody({
  organizations: list(importOrganizationSchema),
  buyers: list(importBuyerSchema),
  companies: list(importCompanySchema),
  users: list(importUserSchema),
  programs: list(importProgramSchema),
  programProviders: list(importProgramProviderSchema),
  credits: list(importCreditSchema),
  notifications: list(importNotificationSchema),
  invites: list(importInviteSchema),
}).superRefine(checkImportRefs);

/** The document after parsing: defaults applied, arrays present. */
export type ImportFile = z.output<typeof importFileSchema>;
/** The document as an operator writes it. */
export type ImportFileInput = z.input<typeof importFileSchema>;

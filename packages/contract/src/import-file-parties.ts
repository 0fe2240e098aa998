import { z } from 'zod';
import {
  type CompanyType,
  companyTypeSchema,
  emailSchema,
  instantSchema,
  inviteStatusSchema,
  isValidIdentification,
  limits,
  localeSchema,
  normalizeIdentification,
  opaqueTokenSchema,
  passwordSchema,
  phoneSchema,
  roleSchema,
  strictBody,
  textSchema,
  timeSchema,
  urlSchema,
  whatsAppStatusSchema,
} from './primitives';
import { scriptOriginOf } from './script-origin';
import { msg, requiredOr } from './validation-messages';

// The parties of the import document: organizations, buyers, supplier companies, their users and invites,
// plus the helpers the rest of the document shares. The format and its additions: import-file.ts.

const invalid = msg('validation.invalid');

/** A `ref`: the file's own key of an object, which other entries point at. */
export const importRefSchema = textSchema(100);
/** Arrays of the document may be absent, meaning empty. */
export const importList = <Item extends z.ZodType>(item: Item) => z.array(item, invalid).default([]);
/** A yes/no key, worded with catalogue keys like every other message. */
export const importFlag = z.boolean(requiredOr('validation.required'));
/** Free text, HTML included, that may be empty, up to `max` characters (limits: detailMax, messageMax, htmlMax). */
export const importText = (max: number) =>
  z.string(requiredOr('validation.required')).max(max, msg('validation.text.max'));

/** Either form of CNPJ, or a CPF, with or without punctuation, in any case: stored upper-cased without it. */
const identification = z
  .string(msg('validation.identification.invalid'))
  .transform(normalizeIdentification)
  .pipe(z.string().regex(/^[0-9A-Z]+$/, msg('validation.identification.invalid')));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** CPF check digits for INDIVIDUAL, CNPJ for CORPORATION, reported on the identification. */
const identified = { type: companyTypeSchema, identification };
function checkIdentification(entry: { type: CompanyType; identification: string }, ctx: z.RefinementCtx) {
  if (isValidIdentification(entry.type, entry.identification)) return;
  const message = entry.type === 'INDIVIDUAL' ? 'validation.cpf.invalid' : 'validation.cnpj.invalid';
  ctx.addIssue({ code: 'custom', message, path: ['identification'], input: entry.identification });
}

/**
 * The support chat's script, which every page loads (docs/product/calls.md#organization): an `https:` address
 * whose origin the page's Content-Security-Policy can name (scriptOriginOf).
 */
const chatScriptUrlSchema = urlSchema
  .refine((url) => new URL(url).protocol === 'https:', msg('validation.url.https', { abort: true }))
  .refine((url) => scriptOriginOf(url) !== null, msg('validation.url.invalid'));

export const importOrganizationSchema = strictBody({
  slug: z
    .string(msg('validation.slug.invalid'))
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, msg('validation.slug.invalid')),
  name: textSchema(),
  timezone: z
    .string(msg('validation.timezone.invalid'))
    .refine(isTimeZone, msg('validation.timezone.invalid')),
  supportPhone: textSchema(30),
  calendar: strictBody({ open: timeSchema, businessDaysOnly: importFlag }),
  terms: strictBody({ version: textSchema(50), summaryHtml: importText(limits.htmlMax), fullUrl: urlSchema }),
  chat: strictBody({
    enabled: importFlag,
    scriptUrl: chatScriptUrlSchema.nullable(),
    settings: z
      .record(
        z.string().max(100, msg('validation.text.max')),
        z.union([
          z.string().max(limits.textMax, msg('validation.text.max')),
          z.number(),
          importFlag,
          z.null(),
        ]),
      )
      .refine((settings) => Object.keys(settings).length <= 50, msg('validation.invalid'))
      .default({}),
  }),
  locale: localeSchema.default('pt-BR'),
  /** Every user must enrol a second factor before using the portal (docs/product/account-security.md). */
  requireTwoFactor: importFlag.default(false),
});

export const importBuyerSchema = strictBody({
  ref: importRefSchema,
  organization: importRefSchema,
  name: textSchema(),
  ...identified,
}).superRefine(checkIdentification);

export const importCompanySchema = strictBody({
  ref: importRefSchema,
  organization: importRefSchema,
  name: textSchema(),
  ...identified,
  canAnticipate: importFlag,
  bankAccount: strictBody({
    /** The bank's 3-digit COMPE code. */
    bank: z.string(invalid).regex(/^\d{3}$/, invalid),
    branch: z.string(invalid).regex(/^\d{1,6}(-[\dXx])?$/, invalid),
    account: z.string(invalid).regex(/^\d{1,20}(-[\dXx])?$/, invalid),
  }).nullable(),
}).superRefine(checkIdentification);

export const importUserSchema = strictBody({
  organization: importRefSchema,
  email: emailSchema,
  /**
   * Hashed on import, never stored as given. Required to create a user; left out, an existing user keeps theirs
   * (the only form the platform API takes: docs/product/platform-api.md#imports).
   */
  password: passwordSchema.optional(),
  firstName: textSchema(),
  fullName: textSchema(),
  activated: importFlag,
  authorities: importList(roleSchema),
  acceptedTerms: importFlag,
  companies: importList(importRefSchema),
  defaultCompany: importRefSchema.nullable(),
  langKey: localeSchema.optional(),
  phone: phoneSchema.optional(),
  whatsAppStatus: whatsAppStatusSchema.default('NOT_KNOWN'),
}).refine((user) => user.defaultCompany === null || user.companies.includes(user.defaultCompany), {
  ...msg('validation.defaultCompany.notListed'),
  path: ['defaultCompany'],
});

export const importInviteSchema = strictBody({
  organization: importRefSchema,
  company: importRefSchema,
  email: emailSchema,
  /** Stored hashed; without one the importer generates it and prints the invite link. */
  token: opaqueTokenSchema.optional(),
  status: inviteStatusSchema,
  expiresAt: instantSchema,
});

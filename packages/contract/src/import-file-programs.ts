import { z } from 'zod';
import { importProgramFundersSchema } from './import-file-funders';
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

/** The term the rates are checked at: a credit due a year after its payment date (IOF's own cap, 365 days). */
export const rateCheckDays = 365;

const rateScale = 10n ** 12n;
/** A rate string ("0.015", at most 12 decimals: rateStringSchema) in units of 10^-12, exactly. */
const scaledRate = (rate: string) => {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * rateScale + BigInt(fraction.padEnd(12, '0'));
};

/**
 * True when a credit due `rateCheckDays` after its payment date costs, in the exact formulas before rounding and
 * before the bank fee, at most 90 % of its value: investor discount (simple, i·n/30, which compound never
 * exceeds), platform fee, daily IOF (n days) and fixed IOF, the last two taken on the whole value. The four
 * components each round half-up by at most half a centavo, 2 centavos in all, so the rounded costs then stay
 * within the value of any credit of R$ 0.20 or more: none of such a term lists at anticipation 0 while its
 * estimate refuses it (docs/import-format.md#rate-bounds).
 */
export function ratesWithinValue(rates: {
  monthlyRate: string;
  platformFee: string;
  daily: string;
  fixed: string;
}) {
  const n = BigInt(rateCheckDays);
  const thirtieths =
    scaledRate(rates.monthlyRate) * n +
    30n * (scaledRate(rates.platformFee) + scaledRate(rates.daily) * n + scaledRate(rates.fixed));
  return 10n * thirtieths <= 9n * 30n * rateScale;
}

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
  /** The funders it admits, by ref (docs/import-format.md#funders); none by default. */
  funders: importProgramFundersSchema,
  /** Its own rate is an offer among the funders' (the house offer); false leaves only the funders'. */
  houseOffer: importFlag.default(true),
  /** The least Σ original value a supplier may ask the funders to bid on (docs/product/auction.md). */
  quoteMinimum: moneyStringSchema.default('50000.00'),
  /** How long the funders may bid on a quote, in minutes. */
  quoteWindowMinutes: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(1440, msg('validation.invalid'))
    .default(10),
}).superRefine((program, ctx) => {
  const iofs = program.iof.length > 0 ? program.iof : [{ daily: '0', fixed: '0' }];
  // Runs after a rate's own failure too (zod goes on after a non-aborting issue): that one is reported alone.
  const rates = [program.monthlyRate, program.platformFee, ...iofs.flatMap((iof) => [iof.daily, iof.fixed])];
  if (!rates.every((rate) => rateStringSchema.safeParse(rate).success)) return;
  if (!iofs.every((iof) => ratesWithinValue({ ...program, ...iof }))) {
    ctx.addIssue({ code: 'custom', message: 'validation.rates.tooHigh', path: ['monthlyRate'] });
  }
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

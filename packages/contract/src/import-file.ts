/*
 * The operator import document (docs/import-format.md). Every key is required unless marked optional;
 * unknown keys are rejected so a typo fails loudly instead of being dropped; arrays may be absent (= empty).
 * Optional keys this project adds to the shared format:
 *   organization.locale (default 'pt-BR'), organization.chat.settings (widget options, default {}),
 *   program.iof (IOF rates with their valid-from dates, default none = 0),
 *   user.langKey, user.phone, user.whatsAppStatus (default NOT_KNOWN), user.password for an existing user (kept),
 *   credit.invoiceUploaded (default false),
 *   programProvider.canCancel (default true: the supplier may cancel its own requests),
 *   batches (default []: past requests, priced as of their requestedAt and frozen like any request;
 *   import-file-batches.ts),
 *   organization.requireTwoFactor and program.requirePin (default false: docs/product/account-security.md),
 *   funders, program.funders (default none) and program.houseOffer (default true): docs/import-format.md#funders.
 *   program.quoteMinimum (default "50000.00") and program.quoteWindowMinutes (default 10): docs/product/auction.md.
 * Nullable, not optional: company.bankAccount (a company without one exists: error.bankAccount.empty) and
 * user.defaultCompany (a user without companies has none).
 */

import type { z } from 'zod';
import { importEntriesSchema } from './import-file-entries';
import { checkImportRefs } from './import-file-refs';

export * from './import-file-batches';
export * from './import-file-funders';
export * from './import-file-parties';
export * from './import-file-programs';

export const importFileSchema = importEntriesSchema.superRefine(checkImportRefs);

/** The document after parsing: defaults applied, arrays present. */
export type ImportFile = z.output<typeof importFileSchema>;
/** The document as an operator writes it. */
export type ImportFileInput = z.input<typeof importFileSchema>;

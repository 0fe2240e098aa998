import type { z } from 'zod';
import { importBatchSchema } from './import-file-batches';
import { importFunderSchema } from './import-file-funders';
import {
  importBuyerSchema,
  importCompanySchema,
  importInviteSchema,
  importList,
  importOrganizationSchema,
  importUserSchema,
} from './import-file-parties';
import {
  importCreditSchema,
  importNotificationSchema,
  importProgramProviderSchema,
  importProgramSchema,
} from './import-file-programs';
import { strictBody } from './primitives';

// The import document's lists, each entry valid on its own. The rules across entries (refs unique, refs that
// resolve) are import-file-refs.ts; the whole document, both together, is import-file.ts.

export const importEntriesSchema = strictBody({
  organizations: importList(importOrganizationSchema),
  buyers: importList(importBuyerSchema),
  companies: importList(importCompanySchema),
  funders: importList(importFunderSchema),
  users: importList(importUserSchema),
  programs: importList(importProgramSchema),
  programProviders: importList(importProgramProviderSchema),
  credits: importList(importCreditSchema),
  notifications: importList(importNotificationSchema),
  invites: importList(importInviteSchema),
  batches: importList(importBatchSchema),
});

/** The lists after parsing, before the rules across entries: defaults applied, arrays present. */
export type ImportEntries = z.output<typeof importEntriesSchema>;

import type { ImportFile } from '@portal/contract';
import { ImportError } from './import-error';

/**
 * An import on behalf of one organization (a machine client's, docs/product/platform-api.md#imports) names that
 * organization only: the first entry that names another is refused, before anything is written. Entries that
 * name none (program providers, credits, notifications, requests) resolve their refs within it
 * (`ImportContext.onlyOrganizationId`).
 */
export function refuseOtherOrganizations(file: ImportFile, slug: string): void {
  const reason = `an import of the platform API names its client's organization only, ${JSON.stringify(slug)}`;
  file.organizations.forEach((entry, i) => {
    if (entry.slug !== slug) throw ImportError.at(['organizations', i, 'slug'], reason);
  });
  for (const kind of ['buyers', 'companies', 'users', 'programs', 'invites'] as const) {
    file[kind].forEach((entry, i) => {
      if (entry.organization !== slug) throw ImportError.at([kind, i, 'organization'], reason);
    });
  }
}

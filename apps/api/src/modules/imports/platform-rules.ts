import type { ImportFile, Role } from '@portal/contract';
import { ImportError } from './import-error';

/*
 * An import of the platform API (a machine client's, docs/product/platform-api.md#imports) has less power than the
 * operator's: it names its client's organization only, never sets a password and grants the provider roles only.
 * People arrive by invitation (its invites entries are mailed). The first entry that goes further is refused
 * before anything is written.
 */

/** The roles a platform import may give a user: those of a supplier's people. */
const PLATFORM_ROLES: readonly Role[] = ['ROLE_PROVIDER', 'ROLE_PROVIDER_CONSULT'];

/**
 * Refuses, in document order, an entry that names another organization than `slug`, a user entry that sets a
 * password, or one that grants a role beyond the provider roles. Entries that name no organization (program
 * providers, credits, notifications, requests) resolve their refs within it (`ImportContext.onlyOrganizationId`).
 */
export function refuseBeyondPlatform(file: ImportFile, slug: string): void {
  const otherOrganization = `an import of the platform API names its client's organization only, ${JSON.stringify(slug)}`;
  file.organizations.forEach((entry, i) => {
    if (entry.slug !== slug) throw ImportError.at(['organizations', i, 'slug'], otherOrganization);
  });
  for (const kind of ['buyers', 'companies', 'funders', 'users', 'programs', 'invites'] as const) {
    file[kind].forEach((entry, i) => {
      if (entry.organization !== slug) throw ImportError.at([kind, i, 'organization'], otherOrganization);
      if (kind === 'users') refuseUserPowers(file.users[i]!, i);
    });
  }
}

function refuseUserPowers(user: ImportFile['users'][number], i: number) {
  if (user.password !== undefined)
    throw ImportError.at(
      ['users', i, 'password'],
      'an import of the platform API never sets a password: people arrive by invitation (an invites entry) and choose their own',
    );
  user.authorities.forEach((role, j) => {
    if (!PLATFORM_ROLES.includes(role))
      throw ImportError.at(
        ['users', i, 'authorities', j],
        `an import of the platform API grants only ${PLATFORM_ROLES.join(' and ')}, not ${JSON.stringify(role)}`,
      );
  });
}

/** Why a platform import's user entry that names no existing user is refused. */
export function platformCreatesNoUser(email: string, slug: string): string {
  return `no user ${JSON.stringify(email.trim().toLowerCase())} in organization ${JSON.stringify(slug)}: an import of the platform API creates no one, people arrive by invitation (an invites entry)`;
}

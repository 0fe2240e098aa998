import type { ImportFile } from '@portal/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { persons, teamMembers, users } from '../../db/schema';
import { revokeUserTokens } from '../auth/tokens';
import { loadCompanies } from './buyers-companies';
import { type Counts, type ImportContext, organizationAt, tally, wasInserted } from './import-context';
import { loginOf, type PreparedPassword } from './user-passwords';

/**
 * Users by (organization, lower-cased email), each with its person record and team memberships. The file
 * states a user's whole access: companies it no longer lists become inactive memberships.
 */
export async function importUsers(
  ctx: ImportContext,
  entries: ImportFile['users'],
  passwords: readonly PreparedPassword[],
): Promise<Counts> {
  const companies = await loadCompanies(
    ctx,
    entries.flatMap((u) => u.companies),
  );
  const returned = [];
  for (const [i, entry] of entries.entries()) {
    const org = organizationAt(ctx, entry.organization, ['users', i, 'organization']);
    const companyIds = entry.companies.map(
      (ref, j) => companies.find(ref, ['users', i, 'companies', j], org).id,
    );
    const defaultCompanyId =
      entry.defaultCompany === null
        ? null
        : companies.find(entry.defaultCompany, ['users', i, 'defaultCompany'], org).id;
    const password = passwords[i]!;
    const accepted = entry.acceptedTerms
      ? { version: org.termsVersion, at: ctx.now }
      : { version: null, at: null };
    const [user] = await ctx.tx
      .insert(users)
      .values({
        organizationId: org.id,
        login: loginOf(entry.email),
        passwordHash: password.hash,
        firstName: entry.firstName,
        activated: entry.activated,
        authorities: entry.authorities,
        ...(entry.langKey ? { langKey: entry.langKey } : {}),
        acceptedTermsVersion: accepted.version,
        acceptedTermsAt: accepted.at,
        defaultCompanyId,
      })
      .onConflictDoUpdate({
        target: [users.organizationId, users.login],
        set: {
          // An entry without a password leaves the stored one as it is now.
          ...(password.given && { passwordHash: password.hash }),
          firstName: entry.firstName,
          activated: entry.activated,
          authorities: entry.authorities,
          ...(entry.langKey ? { langKey: entry.langKey } : {}),
          acceptedTermsVersion: accepted.version,
          // Re-importing an accepted version keeps the moment it was first accepted.
          acceptedTermsAt: sql`case when ${users.acceptedTermsVersion} is not distinct from excluded.accepted_terms_version
            then ${users.acceptedTermsAt} else excluded.accepted_terms_at end`,
          defaultCompanyId,
        },
      })
      .returning({ id: users.id, inserted: wasInserted });
    if (password.changed) await revokeUserTokens(ctx.tx, user!.id, ctx.now);
    const personId = await upsertPerson(ctx, user!.id, entry);
    await setMemberships(ctx, personId, [...new Set(companyIds)]);
    returned.push(user!);
  }
  return tally(returned);
}

async function upsertPerson(ctx: ImportContext, userId: number, entry: ImportFile['users'][number]) {
  const [person] = await ctx.tx
    .insert(persons)
    .values({
      userId,
      name: entry.fullName,
      email: entry.email.trim(),
      phone: entry.phone ?? null,
      whatsAppStatus: entry.whatsAppStatus,
    })
    .onConflictDoUpdate({
      target: persons.userId,
      set: {
        name: entry.fullName,
        email: entry.email.trim(),
        // An optional key left out keeps what the person may have entered in the portal.
        ...(entry.phone ? { phone: entry.phone } : {}),
        whatsAppStatus: entry.whatsAppStatus,
      },
    })
    .returning({ id: persons.id });
  return person!.id;
}

async function setMemberships(ctx: ImportContext, personId: number, companyIds: number[]) {
  if (companyIds.length > 0) {
    await ctx.tx
      .insert(teamMembers)
      .values(companyIds.map((companyId) => ({ personId, companyId, active: true })))
      .onConflictDoUpdate({ target: [teamMembers.personId, teamMembers.companyId], set: { active: true } });
  }
  const unlisted = companyIds.length > 0 ? notInArray(teamMembers.companyId, companyIds) : undefined;
  await ctx.tx
    .update(teamMembers)
    .set({ active: false })
    .where(and(eq(teamMembers.personId, personId), unlisted));
}

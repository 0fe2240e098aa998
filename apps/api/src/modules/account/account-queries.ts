import { defaultLocale, localeSchema, type Role, roleSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';

const roles = roleSchema.options;

import type { Database, Executor } from '../../db/client';
import { organizations, persons, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordSecurityNotice } from '../auth/security-notices';
import type { AuthenticatedUser } from '../auth/tokens';
import { revokeUserTokens } from '../auth/tokens';

export async function getAccount(db: Executor, user: AuthenticatedUser) {
  const person = await getPerson(db, user.id);
  return {
    login: user.login,
    email: person?.email ?? user.login,
    firstName: user.firstName,
    activated: user.activated,
    authorities: user.authorities.filter((role): role is Role => (roles as readonly string[]).includes(role)),
    langKey: localeSchema.catch(defaultLocale).parse(user.langKey),
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: user.twoFactorRequired,
    pinSet: user.pinSet,
  };
}

export async function getPerson(db: Executor, userId: number) {
  const [person] = await db
    .select({ name: persons.name, email: persons.email })
    .from(persons)
    .where(eq(persons.userId, userId));
  return person;
}

/** Terms count as accepted only for the organization's current version: a new version asks again. */
export async function hasAcceptedTerms(db: Executor, user: AuthenticatedUser) {
  const [org] = await db
    .select({ termsVersion: organizations.termsVersion })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  return org !== undefined && user.acceptedTermsVersion === org.termsVersion;
}

export async function acceptTerms(db: Executor, user: AuthenticatedUser, now: Date) {
  const [org] = await db
    .select({ termsVersion: organizations.termsVersion })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  await db
    .update(users)
    .set({ acceptedTermsVersion: org!.termsVersion, acceptedTermsAt: now })
    .where(eq(users.id, user.id));
}

/**
 * Changes the password and revokes the user's other sessions. The session making the change stays valid:
 * it has just proven the current password, and logging it out would punish the person for doing it.
 */
export async function changePassword(
  db: Database,
  user: AuthenticatedUser,
  input: { currentPassword: string; newPassword: string; newPasswordConfirm: string },
  now: Date,
) {
  if (input.newPassword !== input.newPasswordConfirm) throw new AppError('error.user.passwordMismatch');
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('error.invalidpassword', {
      status: 400,
      fieldErrors: [{ field: 'currentPassword', message: 'error.invalidpassword' }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, now, user.tokenHash);
    await recordSecurityNotice(tx, { userId: user.id, kind: 'PASSWORD_CHANGED', now });
  });
}

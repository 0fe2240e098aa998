import type { personCreationSchema } from '@portal/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { invites, persons, teamMembers, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../lib/passwords';
import { findOpenInvite, wasEmailChecked } from './invite-queries';

type PersonCreation = z.output<typeof personCreationSchema>;

/**
 * Accepts an invite: creates the user (activated provider, terms of the organization's current version
 * accepted), the person and the active team membership, and closes the invite, in one transaction. The
 * invite is claimed by one conditional update, so of several concurrent submissions exactly one creates a
 * user; the others find it CONFIRMED.
 */
export async function acceptInvite(db: Database, token: string, body: PersonCreation, now: Date) {
  const { invite, organization } = await findOpenInvite(db, token, now);
  if (body.confirm !== body.password) throw new AppError('error.invite.passwordDoesNotMatch');
  if (body.whatsAppStatus === 'RECEIVE' && !body.phoneNumber)
    throw new AppError('error.invite.phoneNumberAbsent');
  const login = body.email.toLowerCase();
  // Before any lookup of the address: acceptance has no rate limit, so it must not become a way to learn
  // whether some address is registered; only the rate-limited email check answers that.
  if (login !== invite.email.toLowerCase() && !(await wasEmailChecked(db, invite.id, login))) {
    throw new AppError('error.validation', {
      fieldErrors: [{ field: 'email', message: 'validation.email.invalid' }],
    });
  }
  // Checked again inside the transaction; this one spares an argon2 hash for an address already taken.
  if (await isLoginTaken(db, invite.organizationId, login)) {
    // The taker may be a concurrent submission of this very invite, which commits user and invite together:
    // then the invite is no longer OPEN, and that is the answer the wizard expects.
    await findOpenInvite(db, token, now);
    throw new AppError('error.email.alreadyInUse');
  }
  const passwordHash = await hashPassword(body.password);

  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invites)
      .set({ status: 'CONFIRMED', usedAt: now })
      .where(and(eq(invites.id, invite.id), eq(invites.status, 'OPEN'), gt(invites.expiresAt, now)))
      .returning({ id: invites.id });
    if (!claimed) {
      // Another submission won (or the invite changed meanwhile): answer the invite's state as it is now.
      await findOpenInvite(tx, token, now);
      throw new AppError('error.invite.confirmed');
    }
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: invite.organizationId,
        login,
        passwordHash,
        firstName: body.personName.split(/\s+/)[0]!,
        activated: true,
        authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
        langKey: organization.locale,
        acceptedTermsVersion: organization.termsVersion,
        acceptedTermsAt: now,
        defaultCompanyId: invite.companyId,
        createdAt: now,
      })
      // Another invite of the same organization may be accepted with this address at the same moment.
      .onConflictDoNothing({ target: [users.organizationId, users.login] })
      .returning({ id: users.id });
    if (!user) throw new AppError('error.email.alreadyInUse');
    const [person] = await tx
      .insert(persons)
      .values({
        userId: user.id,
        name: body.personName,
        email: login,
        phone: body.phoneNumber || null,
        whatsAppStatus: body.whatsAppStatus,
      })
      .returning({ id: persons.id });
    await tx.insert(teamMembers).values({ personId: person!.id, companyId: invite.companyId, active: true });
    await tx.update(invites).set({ userId: user.id }).where(eq(invites.id, invite.id));
  });
  return { inviteStatus: 'CONFIRMED' as const };
}

async function isLoginTaken(db: Executor, organizationId: number, login: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.login, login)));
  return taken !== undefined;
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { passwordResetKeys, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  enqueuePasswordResetMail,
  enqueuePasswordResetRequest,
  type PasswordResetRequestJob,
} from '../../jobs/mail-queue';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { clearBucket, countEvents, lockBucket, recordEvent } from '../../lib/rate-limit';
import { recordSecurityNotice } from '../auth/security-notices';
import { revokeUserTokens } from '../auth/tokens';

const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const MAIL_INTERVAL_MS = 60 * 1000;
/** Reset mails one client address may cause per hour, whoever they go to: a list of emails is no mail cannon. */
const MAX_MAILS_PER_CLIENT_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export type ResetCandidate = { userId: number; login: string; langKey: string };

/** Who a reset request is for: only an activated user of that organization gets a mail. */
export async function findResetCandidate(db: Executor, organizationId: number, email: string) {
  const [user] = await db
    .select({ userId: users.id, login: users.login, langKey: users.langKey, activated: users.activated })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.login, email.trim().toLowerCase())));
  return user?.activated ? (user as ResetCandidate) : undefined;
}

/**
 * Answers a forgot-password request by writing one job, whatever the email (`userId` null when no activated
 * user has it): the answer does the same work, and takes the same time, either way. The job commits before the
 * answer, so a crash after it only delays the mail; the worker decides and sends (`allowPasswordReset`,
 * jobs/password-reset-mail.ts).
 */
export async function queuePasswordResetRequest(
  db: Database,
  candidate: ResetCandidate | undefined,
  now: Date,
  ip: string,
) {
  await db.transaction((tx) =>
    enqueuePasswordResetRequest(tx, {
      userId: candidate?.userId ?? null,
      ip,
      requestedAt: now.toISOString(),
    }),
  );
}

/**
 * The worker's decision on a request: queues its mail (in this transaction, with the events that count it)
 * unless a mail already went to this address within the last minute, or the client address already caused its
 * hourly share of reset mails. A request run again after its commit meets its own event and queues nothing more.
 */
export async function allowPasswordReset(db: Database, request: PasswordResetRequestJob) {
  if (request.userId === null) return;
  const { userId, ip } = request;
  const now = new Date(request.requestedAt);
  const bucket = `reset-mail:${userId}`;
  const clientBucket = `reset-mail:ip:${ip}`;
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return;
    if ((await countEvents(tx, bucket, new Date(now.getTime() - MAIL_INTERVAL_MS))) > 0) return;
    await lockBucket(tx, clientBucket);
    const sinceHour = new Date(now.getTime() - HOUR_MS);
    if ((await countEvents(tx, clientBucket, sinceHour)) >= MAX_MAILS_PER_CLIENT_HOUR) return;
    await recordEvent(tx, bucket, now);
    await recordEvent(tx, clientBucket, now);
    await enqueuePasswordResetMail(tx, { userId, requestedAt: request.requestedAt });
  });
}

/**
 * Creates a fresh key (256 random bits, stored hashed, valid 24 h from `requestedAt`) and supersedes the user's
 * older ones: what the reset mail's job does before it sends the link. A job run again (the send failed, the
 * process died) makes another key, so the mail that does go out always holds a live one.
 */
export async function createResetKey(db: Database, userId: number, requestedAt: Date): Promise<string> {
  const key = randomSecret(32);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetKeys)
      .set({ usedAt: requestedAt })
      .where(and(eq(passwordResetKeys.userId, userId), isNull(passwordResetKeys.usedAt)));
    await tx.insert(passwordResetKeys).values({
      userId,
      keyHash: sha256Hex(key),
      createdAt: requestedAt,
      expiresAt: new Date(requestedAt.getTime() + KEY_TTL_MS),
    });
  });
  return key;
}

const liveKey = (key: string, now: Date) =>
  and(
    eq(passwordResetKeys.keyHash, sha256Hex(key)),
    isNull(passwordResetKeys.usedAt),
    gt(passwordResetKeys.expiresAt, now),
  );

export async function findUserByResetKey(db: Executor, key: string, now: Date) {
  const [row] = await db
    .select({ login: users.login })
    .from(passwordResetKeys)
    .innerJoin(users, eq(users.id, passwordResetKeys.userId))
    .where(liveKey(key, now));
  if (!row) throw new AppError('error.user.resetKeyDoesNotExists');
  return row;
}

/** Uses the key once: sets the password, revokes every token, lifts a login lock-out. */
export async function finishPasswordReset(db: Database, input: { key: string; password: string }, now: Date) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetKeys)
      .set({ usedAt: now })
      .where(liveKey(input.key, now))
      .returning({ userId: passwordResetKeys.userId });
    if (!row) throw new AppError('error.user.resetKeyDoesNotExists');
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, row.userId))
      .returning({ organizationId: users.organizationId, login: users.login });
    await revokeUserTokens(tx, row.userId, now);
    await recordSecurityNotice(tx, { userId: row.userId, kind: 'PASSWORD_CHANGED', now });
    if (user) await clearBucket(tx, `login:account:${user.organizationId}:${user.login}`);
  });
}

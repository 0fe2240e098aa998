import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { countEvents, lockBucket, recordEvent, windowReopensAt } from '../../lib/rate-limit';
import { findOpenInvite, recordEmailChecked } from './invite-queries';

const WINDOW_MS = 10 * 60 * 1000;
/** The wizard checks an address once per edit; 20 leaves room for typos while stopping enumeration. */
const MAX_CHECKS_PER_INVITE = 20;
/** Looser than per invite: several invitees of one office may share an address. */
const MAX_CHECKS_PER_ADDRESS = 60;

/**
 * Whether an address is already a user of the invite's organization. It answers only to the holder of an
 * OPEN invite and is rate-limited per client address (counted before the token is even looked at, so that
 * guessing tokens is limited too) and per invite. An address found free is recorded as checked, which is what
 * lets the acceptance use it instead of the invite's.
 */
export async function checkInviteEmail(
  db: Database,
  input: { token: string; email: string; ip: string },
  now: Date,
) {
  await takeOne(db, `invite-email:ip:${input.ip}`, MAX_CHECKS_PER_ADDRESS, now);
  const { invite } = await findOpenInvite(db, input.token, now);
  await takeOne(db, `invite-email:invite:${invite.id}`, MAX_CHECKS_PER_INVITE, now);
  const login = input.email.toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, invite.organizationId), eq(users.login, login)));
  if (!user) await recordEmailChecked(db, invite.id, login, now);
  return { exists: user !== undefined, email: login };
}

/** Counts one event in a bucket, or answers 429 with Retry-After when the window is full. */
async function takeOne(db: Database, bucket: string, max: number, now: Date) {
  const since = new Date(now.getTime() - WINDOW_MS);
  const retryAt = await db.transaction(async (tx) => {
    // Parallel checks of one bucket queue here, so none slips past the count.
    await lockBucket(tx, bucket);
    if ((await countEvents(tx, bucket, since)) >= max) return windowReopensAt(tx, bucket, since, WINDOW_MS);
    await recordEvent(tx, bucket, now);
    return undefined;
  });
  if (retryAt) {
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    throw new AppError('error.rateLimited', { headers: { 'retry-after': String(seconds) } });
  }
}

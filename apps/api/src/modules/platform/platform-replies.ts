import type { Call } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { platformReplies } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../lib/crypto';
import { isUniqueViolation } from '../batches/unique-violation';
import type { MachineCaller } from '../machine-clients/machine-tokens';

/*
 * `Idempotency-Key` on the platform API (docs/product/platform-api.md#idempotency): a client that did not hear
 * the answer sends the same call again under the same key and gets the first answer, whatever happened in
 * between; the same key with another body is 422 error.idempotency.conflict. The answer is recorded in the
 * transaction of the change it answers, so one exists exactly when the change does.
 */

type ReplyKey = {
  machineClientId: number;
  key: string;
  call: string;
  requestHash: string;
  /** The fingerprint replies recorded before the canonical one were keyed by: still replayed. */
  legacyRequestHash: string;
};

/** JSON with every object's keys sorted, at any depth: the same value, whatever order its keys came in. */
function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    ) ?? ''
  );
}

/**
 * The request's fingerprint: its body as parsed JSON, serialised canonically, so the same value sent with its
 * keys in another order is the same request (an array's order counts: an import writes its entries in order).
 */
function requestHashOf(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

async function replayPlatformReply<Answer>(db: Executor, key: ReplyKey): Promise<Answer | undefined> {
  const [reply] = await db
    .select({
      call: platformReplies.call,
      requestHash: platformReplies.requestHash,
      answer: platformReplies.answer,
    })
    .from(platformReplies)
    .where(
      and(
        eq(platformReplies.machineClientId, key.machineClientId),
        eq(platformReplies.idempotencyKey, key.key),
      ),
    );
  if (!reply) return undefined;
  const sameBody = reply.requestHash === key.requestHash || reply.requestHash === key.legacyRequestHash;
  if (reply.call !== key.call || !sameBody) throw new AppError('error.idempotency.conflict');
  return reply.answer as Answer;
}

async function recordPlatformReply(tx: Executor, key: ReplyKey, answer: unknown, now: Date): Promise<void> {
  await tx.insert(platformReplies).values({
    machineClientId: key.machineClientId,
    idempotencyKey: key.key,
    call: key.call,
    requestHash: key.requestHash,
    answer,
    createdAt: now,
  });
}

const REPLY_KEY_CONSTRAINT = 'platform_replies_client_key';

/** Records the answer in the change's own transaction; absent when the call came without a key. */
export type RecordReply<Answer> = ((tx: Executor, answer: Answer) => Promise<void>) | undefined;

/**
 * Runs a platform write once per `Idempotency-Key` (none: every time): the recorded answer when the key was used
 * with this body, 422 with another body, else `change`, which calls `record` in its own transaction. Two calls
 * with one key at once: the second rolls back on the recorded answer's unique key and answers the first's.
 */
export async function answerOnce<Answer>(
  db: Database,
  request: {
    machine: MachineCaller;
    call: Call;
    idempotencyKey: string | undefined;
    body: unknown;
    now: Date;
  },
  change: (record: RecordReply<Answer>) => Promise<Answer>,
): Promise<Answer> {
  const { machine, call, idempotencyKey } = request;
  if (idempotencyKey === undefined) return change(undefined);
  const key: ReplyKey = {
    machineClientId: machine.machineClientId,
    key: idempotencyKey,
    call: `${call.method} ${call.path}`,
    requestHash: requestHashOf(request.body),
    legacyRequestHash: sha256Hex(JSON.stringify(request.body) ?? ''),
  };
  const replayed = await replayPlatformReply<Answer>(db, key);
  if (replayed) return replayed;
  try {
    return await change((tx, answer) => recordPlatformReply(tx, key, answer, request.now));
  } catch (error) {
    if (!isUniqueViolation(error, REPLY_KEY_CONSTRAINT)) throw error;
    const first = await replayPlatformReply<Answer>(db, key);
    if (!first) throw error;
    return first;
  }
}

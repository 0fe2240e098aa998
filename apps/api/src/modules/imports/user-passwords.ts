import type { ImportFile, ValidationMessageKey } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { ImportError } from './import-error';

/** The hash to write (`given`: the file set it), and whether it replaces the stored one (sessions end). */
export type PreparedPassword = { hash: string; changed: boolean; given: boolean };

/** argon2 runs on libuv's thread pool (4 threads by default); more in flight would only queue there. */
const CONCURRENCY = 4;

export const loginOf = (email: string) => email.trim().toLowerCase();
const keyOf = (slug: string, login: string) => `${slug}\u0000${login}`;

/**
 * Hashes the file's passwords (argon2id) before the transaction opens, so the transaction stays short. An
 * existing user whose stored hash already verifies keeps it: re-importing a file then changes nothing and,
 * in particular, does not count as a password change that would end the user's sessions. An entry without a
 * password keeps the stored one; it cannot create a user (`newUserReason` says why, where the import reports it).
 */
export async function preparePasswords(
  db: Executor,
  entries: ImportFile['users'],
  newUserReason: (entry: ImportFile['users'][number]) => {
    path: PropertyKey[];
    reason: string;
    key?: ValidationMessageKey;
  },
): Promise<PreparedPassword[]> {
  const logins = [...new Set(entries.map((u) => loginOf(u.email)))];
  const existing = logins.length
    ? await db
        .select({ slug: organizations.slug, login: users.login, hash: users.passwordHash })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(inArray(users.login, logins))
    : [];
  const stored = new Map(existing.map((row) => [keyOf(row.slug, row.login), row.hash]));
  entries.forEach((entry, index) => {
    if (entry.password !== undefined || stored.has(keyOf(entry.organization, loginOf(entry.email)))) return;
    const { path, reason, key } = newUserReason(entry);
    throw ImportError.at(['users', index, ...path], reason, key);
  });
  const prepared: PreparedPassword[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const entry = entries[index]!;
      const current = stored.get(keyOf(entry.organization, loginOf(entry.email)));
      // Without a password the user exists (checked above) and keeps the stored hash.
      if (entry.password === undefined) prepared[index] = { hash: current!, changed: false, given: false };
      else if (current !== undefined && (await verifyPassword(current, entry.password)))
        prepared[index] = { hash: current, changed: false, given: true };
      else {
        const hash = await hashPassword(entry.password);
        prepared[index] = { hash, changed: current !== undefined, given: true };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
  return prepared;
}

import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { invites } from '../src/db/schema';
import { randomSecret, sha256Hex } from '../src/lib/crypto';
import { TEST_NOW } from './app';

const unique = () => randomBytes(4).toString('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

/** An invite and its token (only the hash is stored, as the app does). Defaults: OPEN, expires in 30 days. */
export async function createInvite(
  db: Executor,
  input: { organizationId: number; companyId: number } & Partial<typeof invites.$inferInsert>,
) {
  const token = randomSecret(32);
  const [invite] = await db
    .insert(invites)
    .values({
      email: `invitee-${unique()}@test.example`,
      status: 'OPEN',
      tokenHash: sha256Hex(token),
      createdAt: TEST_NOW,
      expiresAt: new Date(TEST_NOW.getTime() + 30 * DAY_MS),
      ...input,
    })
    .returning();
  return { token, invite: invite! };
}

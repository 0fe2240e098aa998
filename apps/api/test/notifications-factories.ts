import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { notifications } from '../src/db/schema';

const unique = () => randomBytes(4).toString('hex');

export async function createNotification(
  db: Executor,
  input: { organizationId: number; programId: number; activeFrom: Date } & Partial<
    typeof notifications.$inferInsert
  >,
) {
  const [notification] = await db
    .insert(notifications)
    .values({ ref: `n-${unique()}`, type: 'INFO', title: 'Aviso', message: 'Mensagem', ...input })
    .returning();
  return notification!;
}

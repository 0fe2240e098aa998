import { zonedDateTime } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organization's zone, and today's date there ('YYYY-MM-DD'): the dashboard's notion of "now". */
export async function organizationDay(db: Executor, organizationId: number, now: Date) {
  const [organization] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const timezone = organization?.timezone ?? 'America/Sao_Paulo';
  return { timezone, today: zonedDateTime(now, timezone).date };
}

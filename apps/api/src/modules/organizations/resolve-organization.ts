import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type Organization = typeof organizations.$inferSelect;

/**
 * The organization a public call is for: the slug in the `Organization` header, or the only organization
 * when the database holds just one (the header may then be omitted: docs/product/calls.md#organization).
 */
export async function resolveOrganization(db: Executor, slug: string | undefined): Promise<Organization> {
  if (slug) {
    const [org] = await db.select().from(organizations).where(eq(organizations.slug, slug));
    if (!org) throw new AppError('error.organization.unauthorized');
    return org;
  }
  const found = await db.select().from(organizations).limit(2);
  if (found.length !== 1) throw new AppError('error.organization.unauthorized');
  return found[0]!;
}

export async function getOrganization(db: Executor, id: number): Promise<Organization> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!org) throw new AppError('error.organization.unauthorized');
  return org;
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { companies, organizations, persons, teamMembers, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

const unique = () => randomBytes(4).toString('hex');

export async function createOrganization(
  db: Executor,
  overrides: Partial<typeof organizations.$inferInsert> = {},
) {
  const [org] = await db
    .insert(organizations)
    .values({
      slug: `org-${unique()}`,
      name: 'Test Platform',
      supportPhone: '+55 11 4000-0000',
      termsVersion: '2026-01',
      termsSummaryHtml: '<p>Terms</p>',
      termsFullUrl: 'https://example.test/terms',
      ...overrides,
    })
    .returning();
  return org!;
}

export async function createCompany(
  db: Executor,
  organizationId: number,
  overrides: Partial<typeof companies.$inferInsert> = {},
) {
  const [company] = await db
    .insert(companies)
    .values({
      organizationId,
      ref: `c-${unique()}`,
      name: 'Supplier Ltda',
      type: 'CORPORATION',
      identification: '11444777000161',
      canAnticipate: true,
      bankCode: '341',
      bankBranch: '1234',
      bankAccount: '12345-6',
      ...overrides,
    })
    .returning();
  return company!;
}

export type TestUser = {
  id: number;
  login: string;
  password: string;
  organizationId: number;
  organization: string;
};

// One hash per password per worker, stored for every user made with that password: it verifies that password
// whoever holds it, and a test file making dozens of users does not pay argon2's ~25 ms of CPU for each.
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let made = passwordHashes.get(password);
  if (!made) {
    made = hashPassword(password);
    passwordHashes.set(password, made);
  }
  return made;
}

/** A user with a person record, active in the given companies. Defaults: an activated provider. */
export async function createUser(
  db: Executor,
  organizationId: number,
  options: Partial<typeof users.$inferInsert> & { password?: string; companyIds?: number[] } = {},
): Promise<TestUser> {
  const { password = 'secret-pw-1', companyIds = [], ...overrides } = options;
  const login = overrides.login ?? `user-${unique()}@test.example`;
  const [user] = await db
    .insert(users)
    .values({
      organizationId,
      login,
      passwordHash: await passwordHashOf(password),
      firstName: 'Ana',
      activated: true,
      authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
      defaultCompanyId: companyIds[0] ?? null,
      ...overrides,
    })
    .returning();
  const [person] = await db
    .insert(persons)
    .values({ userId: user!.id, name: 'Ana Souza', email: login })
    .returning();
  for (const companyId of companyIds) {
    await db.insert(teamMembers).values({ personId: person!.id, companyId, active: true });
  }
  const [org] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { id: user!.id, login, password, organizationId, organization: org!.slug };
}

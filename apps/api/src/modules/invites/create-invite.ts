import { emailSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, invites, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { inviteMail, type Mailer } from '../../mail';
import { resolveOrganization } from '../organizations/resolve-organization';

const INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A refusal the operator can act on (unknown company, address already a user); the CLI prints it. */
export class InviteRefused extends Error {
  override name = 'InviteRefused';
}

export type InviteInput = { company: string; email: string; organization?: string | undefined };

/**
 * Creates an OPEN invite valid 30 days (the token, 256 random bits, exists only in the link: the database
 * keeps its SHA-256), mails the link in the organization's language, and returns the link.
 */
export async function createInvite(
  deps: { db: Database; mailer: Mailer; now: Date; publicUrl: string },
  input: InviteInput,
) {
  const { db, now } = deps;
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new InviteRefused(`"${input.email}" is not a valid email address`);
  const organization = await resolveOrganization(db, input.organization).catch((err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    throw new InviteRefused(
      input.organization
        ? `no organization with slug "${input.organization}"`
        : 'there is not exactly one organization: name one with --organization <slug>',
    );
  });
  const company = await findCompany(db, organization.id, input.company);
  const email = parsedEmail.data.toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organization.id), eq(users.login, email)));
  if (user) throw new InviteRefused(`${email} is already a user of ${organization.name}`);

  const token = randomSecret(32);
  const [invite] = await db
    .insert(invites)
    .values({
      organizationId: organization.id,
      companyId: company.id,
      email,
      tokenHash: sha256Hex(token),
      status: 'OPEN',
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: invites.id, expiresAt: invites.expiresAt });
  const link = `${deps.publicUrl}${invitePath(token, company, organization.name)}`;
  const mail = inviteMail({
    locale: organization.locale,
    link,
    companyName: company.name,
    organizationName: organization.name,
  });
  // The invite exists either way; a mail that fails must not lose the link, which is printed regardless.
  const mailError = await deps.mailer.send({ to: email, ...mail }).then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  return { id: invite!.id, email, link, expiresAt: invite!.expiresAt, company, organization, mailError };
}

/** A company by its ref in the organization; a number that is no ref is taken as the company's id. */
async function findCompany(db: Database, organizationId: number, ref: string) {
  const columns = { id: companies.id, name: companies.name, identification: companies.identification };
  const inOrg = eq(companies.organizationId, organizationId);
  const [byRef] = await db
    .select(columns)
    .from(companies)
    .where(and(inOrg, eq(companies.ref, ref)));
  if (byRef) return byRef;
  const id = /^\d{1,9}$/.test(ref) ? Number(ref) : undefined;
  const [byId] = id
    ? await db
        .select(columns)
        .from(companies)
        .where(and(inOrg, eq(companies.id, id)))
    : [];
  if (byId) return byId;
  throw new InviteRefused(`no company "${ref}" in this organization`);
}

/** The web app's accept-invite page, with what it shows before the invite is fetched, URL-encoded. */
export function invitePath(
  token: string,
  company: { name: string; identification: string },
  organizationName: string,
) {
  const query = Object.entries({
    companyName: company.name,
    identification: company.identification,
    organizationName,
  })
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `/accept-invite/${encodeURIComponent(token)}?${query}`;
}

import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { type Config, loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { organizations, recoveryCodes, users } from '../../db/schema';
import { clockFrom } from '../../lib/clock';
import { recordSecurityNotice } from '../../modules/auth/security-notices';
import { revokeUserTokens } from '../../modules/auth/tokens';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const resetSecuritySynopsis = 'reset-security --email <e>';
export const resetSecuritySummary =
  'a user lost their phone and recovery codes: remove the second factor and PIN, end every session ([--organization <slug>])';
const USAGE_ERROR = 2;

/**
 * `npm run ops -- reset-security`: for a user who lost both the authenticator and the recovery codes, after the
 * operator has checked who is asking another way (docs/product/account-security.md#operator-reset). One
 * transaction: the second factor, its recovery codes, the PIN and its lock go, and every session ends. With
 * `requireTwoFactor`, the next login leads to enrolment again. Exit codes: 0 done, 1 unknown user, 2 bad usage.
 */
export async function runResetSecurity(
  args: string[],
  io: Io,
  config: Config = loadConfig(),
): Promise<number> {
  const input = parseResetArgs(args);
  if (!input) {
    io.err(`usage: npm run ops -- ${resetSecuritySynopsis} [--organization <slug>]`);
    return USAGE_ERROR;
  }
  const database = await openDatabase(config, io.out);
  try {
    const now = clockFrom(config.appNow).now();
    const found = await database.db.transaction(async (tx) => {
      const matches = await tx
        .select({ id: users.id, organization: organizations.slug, twoFactorOn: users.totpEnabledAt })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          and(
            eq(users.login, input.email.trim().toLowerCase()),
            input.organization ? eq(organizations.slug, input.organization) : undefined,
          ),
        );
      if (matches.length !== 1) return matches.length;
      const userId = matches[0]!.id;
      await tx
        .update(users)
        .set({
          totpSecretSealed: null,
          totpEnabledAt: null,
          totpLastStep: null,
          pinHash: null,
          pinFailures: 0,
          pinLockedUntil: null,
        })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await revokeUserTokens(tx, userId, now);
      if (matches[0]!.twoFactorOn)
        await recordSecurityNotice(tx, { userId, kind: 'TWO_FACTOR_DISABLED', now });
      return 1;
    });
    if (found !== 1) {
      io.err(
        found === 0
          ? `reset-security: no user ${input.email}`
          : `reset-security: ${input.email} exists in ${found} organizations; name one with --organization`,
      );
      return 1;
    }
    io.out(`reset-security: ${input.email} has no second factor and no PIN now, and every session ended`);
    return 0;
  } finally {
    await database.close();
  }
}

function parseResetArgs(args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { email: { type: 'string' }, organization: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0 || !values.email) return undefined;
    return { email: values.email, organization: values.organization };
  } catch {
    return undefined;
  }
}

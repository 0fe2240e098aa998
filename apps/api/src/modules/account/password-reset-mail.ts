import type { AppDeps } from '../../app-deps';
import { passwordResetMail } from '../../mail';
import type { Organization } from '../organizations/resolve-organization';
import { createResetKey, type ResetCandidate } from './password-reset';

/**
 * Creates a key and mails the link in the user's language; silent when a mail went out under a minute ago
 * or the client address `ip` has asked for too many (see createResetKey).
 */
export async function sendPasswordResetMail(
  deps: AppDeps,
  organization: Organization,
  candidate: ResetCandidate,
  ip: string,
) {
  const key = await createResetKey(deps.db, candidate, deps.clock.now(), ip);
  if (!key) return;
  const link = `${deps.config.publicUrl}/password-reset/${encodeURIComponent(key)}`;
  const content = passwordResetMail({
    locale: candidate.langKey,
    link,
    organizationName: organization.name,
    supportPhone: organization.supportPhone,
  });
  await deps.mailer.send({ to: candidate.login, ...content });
}

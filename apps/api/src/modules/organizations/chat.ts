import type { Chat } from '@portal/contract';
import type { Executor } from '../../db/client';
import { findTokenUser } from '../auth/tokens';
import { getOrganization, type Organization, resolveOrganization } from './resolve-organization';

/**
 * The organization the chat widget is for: the token's when a live one is sent (a logged-in user sees their
 * own platform's widget whatever the header says), else the `Organization` header's, else the only one. A
 * stale token is ignored rather than refused: the widget shows on the login page too.
 */
export async function resolveChatOrganization(
  db: Executor,
  input: { token: string | undefined; slug: string | undefined; now: Date },
): Promise<Organization> {
  const user = input.token ? await findTokenUser(db, input.token, input.now) : undefined;
  return user ? getOrganization(db, user.organizationId) : resolveOrganization(db, input.slug);
}

type SettingValue = Chat['settings'][string];

export function toChat(organization: Organization): Chat {
  // The import schema only lets scalars in; anything else (a hand-edited row) is left out, not sent raw.
  const settings = Object.fromEntries(
    Object.entries(organization.chatSettings).filter(
      (entry): entry is [string, SettingValue] =>
        ['string', 'number', 'boolean'].includes(typeof entry[1]) || entry[1] === null,
    ),
  );
  return { enabled: organization.chatEnabled, scriptUrl: organization.chatScriptUrl, settings };
}

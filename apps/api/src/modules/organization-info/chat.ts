import { type Chat, scriptOriginOf } from '@portal/contract';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findTokenUser } from '../auth/tokens';
import {
  getOrganization,
  type Organization,
  resolveOrganization,
} from '../organizations/resolve-organization';

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

/**
 * The origin a page's Content-Security-Policy lets scripts come from for the support chat (http/spa.ts): the
 * organization's, as the web app's public calls resolve it, when its chat is on and its address is one a CSP
 * can name (scriptOriginOf; the import refuses any other). None for no such organization: its page loads no
 * chat, as its calls are refused.
 */
export async function pageChatOrigin(db: Executor, slug: string | undefined): Promise<string | undefined> {
  let organization: Organization;
  try {
    organization = await resolveOrganization(db, slug);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if (!organization.chatEnabled || organization.chatScriptUrl === null) return undefined;
  return scriptOriginOf(organization.chatScriptUrl) ?? undefined;
}

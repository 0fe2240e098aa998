import { type Chat, scriptOriginOf } from '@portal/contract';

const scriptId = 'portal-support-chat';

declare global {
  interface Window {
    /** The organization's widget settings, handed to the chat script as they are (organizations/chat). */
    portalChatSettings?: Chat['settings'];
  }
}

/**
 * Adds the support chat's script once per page, when the organization enables it. Only an address whose origin
 * the page's Content-Security-Policy can let in is loaded (scriptOriginOf: `https:`, a plain host), the rule
 * the server's policy and the import follow (docs/decisions/security-headers.md): a plain-http or javascript:
 * address in the data would be a hole.
 */
export function injectChatScript(chat: Chat, doc: Document = document): 'injected' | 'present' | 'skipped' {
  if (!chat.enabled || !chat.scriptUrl || scriptOriginOf(chat.scriptUrl) === null) return 'skipped';
  if (doc.getElementById(scriptId)) return 'present';
  if (doc.defaultView) doc.defaultView.portalChatSettings = chat.settings;
  const script = doc.createElement('script');
  script.id = scriptId;
  script.src = new URL(chat.scriptUrl).href;
  script.async = true;
  script.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.body.append(script);
  return 'injected';
}

import type { Chat } from '@portal/contract';

const scriptId = 'portal-support-chat';

declare global {
  interface Window {
    /** The organization's widget settings, handed to the chat script as they are (organizations/chat). */
    portalChatSettings?: Chat['settings'];
  }
}

/**
 * Adds the support chat's script once per page, when the organization enables it. Only https addresses are
 * loaded (a plain-http or javascript: address in the data would be a hole); the CSP must also list the
 * script's origin in script-src, see docs/web-configuration.md.
 */
export function injectChatScript(chat: Chat, doc: Document = document): 'injected' | 'present' | 'skipped' {
  if (!chat.enabled || !chat.scriptUrl) return 'skipped';
  if (doc.getElementById(scriptId)) return 'present';
  let url: URL;
  try {
    url = new URL(chat.scriptUrl);
  } catch {
    return 'skipped';
  }
  if (url.protocol !== 'https:') return 'skipped';
  if (doc.defaultView) doc.defaultView.portalChatSettings = chat.settings;
  const script = doc.createElement('script');
  script.id = scriptId;
  script.src = url.href;
  script.async = true;
  script.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.body.append(script);
  return 'injected';
}

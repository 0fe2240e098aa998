import { useEffect } from 'react';
import { useChat } from '../api/get-chat';
import { injectChatScript } from '../inject-chat-script';

/**
 * Loads the organization's support chat on every page, once (it survives route changes). Its settings are
 * asked for once `isEnabled`: the root layout turns it on once the page has loaded and the browser is
 * idle (app/use-is-after-load.ts), as a third-party chat is not part of drawing the page, and its call and script would otherwise
 * compete with the page's own.
 */
export function SupportChatLoader({ isEnabled }: { isEnabled: boolean }) {
  const chat = useChat(isEnabled);
  useEffect(() => {
    if (chat.data) injectChatScript(chat.data);
  }, [chat.data]);
  return null;
}

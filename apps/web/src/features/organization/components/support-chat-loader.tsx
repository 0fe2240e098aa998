import { useEffect } from 'react';
import { useChat } from '../api/get-chat';
import { injectChatScript } from '../inject-chat-script';

/** Loads the organization's support chat on every page, once (it survives route changes). */
export function SupportChatLoader() {
  const chat = useChat();
  useEffect(() => {
    if (chat.data) injectChatScript(chat.data);
  }, [chat.data]);
  return null;
}

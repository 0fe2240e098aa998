import { afterEach, describe, expect, it } from 'vitest';
import { injectChatScript } from './inject-chat-script';

const scripts = () => document.querySelectorAll('script#portal-support-chat');

describe('the support chat loader', () => {
  afterEach(() => {
    for (const script of scripts()) script.remove();
  });

  it('injects the script once, with its settings, when enabled', () => {
    const chat = {
      enabled: true,
      scriptUrl: 'https://chat.example.test/widget.js',
      settings: { color: '#123456' },
    };
    expect(injectChatScript(chat)).toBe('injected');
    expect(injectChatScript(chat)).toBe('present');
    expect(scripts()).toHaveLength(1);
    expect((scripts()[0] as HTMLScriptElement).src).toBe('https://chat.example.test/widget.js');
    expect(window.portalChatSettings).toEqual({ color: '#123456' });
  });

  it('loads nothing when disabled, without an address, or from a non-https address', () => {
    expect(
      injectChatScript({ enabled: false, scriptUrl: 'https://chat.example.test/w.js', settings: {} }),
    ).toBe('skipped');
    expect(injectChatScript({ enabled: true, scriptUrl: null, settings: {} })).toBe('skipped');
    expect(
      injectChatScript({ enabled: true, scriptUrl: 'http://chat.example.test/w.js', settings: {} }),
    ).toBe('skipped');
    expect(injectChatScript({ enabled: true, scriptUrl: 'javascript:alert(1)', settings: {} })).toBe(
      'skipped',
    );
    // An origin the page's CSP cannot name (scriptOriginOf) would be blocked there anyway.
    expect(
      injectChatScript({ enabled: true, scriptUrl: 'https://*.chat.example.test/w.js', settings: {} }),
    ).toBe('skipped');
    expect(scripts()).toHaveLength(0);
  });
});

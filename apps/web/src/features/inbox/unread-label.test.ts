// @vitest-environment node
import type { Locale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n/translate';
import { loadCatalogue } from '../../locales/catalogues';
import { bellLabel, unreadBadge } from './unread-label';

const tIn = async (locale: Locale) => {
  const catalogue = await loadCatalogue(locale);
  return (key: string, values?: Record<string, string | number>) => translate(catalogue, locale, key, values);
};

describe('the bell’s badge', () => {
  it('shows nothing without unread items or before the first answer, the count up to 99, then 99+', () => {
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});

describe('the bell’s accessible name', () => {
  it('says the unread count, singular or plural, as the badge shows it (pt-BR)', async () => {
    const t = await tIn('pt-BR');
    expect(bellLabel(t, undefined)).toBe('Notificações');
    expect(bellLabel(t, 0)).toBe('Notificações');
    expect(bellLabel(t, 1)).toBe('Notificações, 1 não lida');
    expect(bellLabel(t, 3)).toBe('Notificações, 3 não lidas');
    expect(bellLabel(t, 250)).toBe('Notificações, 99+ não lidas');
  });

  it('in the other languages', async () => {
    expect(bellLabel(await tIn('en'), 0)).toBe('Notifications');
    expect(bellLabel(await tIn('en'), 3)).toBe('Notifications, 3 unread');
    expect(bellLabel(await tIn('en-ZA'), 1)).toBe('Notifications, 1 unread');
    expect(bellLabel(await tIn('pt-PT'), 2)).toBe('Notificações, 2 por ler');
  });
});

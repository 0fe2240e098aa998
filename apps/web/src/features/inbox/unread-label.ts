import type { useTranslation } from '../../lib/i18n/use-translation';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Above this the badge says "99+": it stays a small circle. */
export const badgeCap = 99;

/** What the bell's badge shows: nothing without unread items (or before the first answer), else the count. */
export function unreadBadge(unread: number | undefined): string | null {
  if (!unread || unread < 1) return null;
  return unread > badgeCap ? `${badgeCap}+` : String(unread);
}

/**
 * The bell's accessible name: "Notificações" alone without unread items, else with the count as the badge
 * shows it ("Notificações, 3 não lidas"), so what is seen is part of what is said (WCAG 2.5.3).
 */
export function bellLabel(t: Translate, unread: number | undefined): string {
  const shown = unreadBadge(unread);
  if (shown === null) return t('inbox.bell');
  return t('inbox.bell.unread', { count: unread ?? 0, shown });
}

import type { inbox as source } from '../pt-BR/inbox';

export const inbox = {
  'inbox.bell': 'Notifications',
  'inbox.bell.unread_one': 'Notifications, {{shown}} unread',
  'inbox.bell.unread_other': 'Notifications, {{shown}} unread',
  'inbox.title': 'Notifications',
  'inbox.mark-all': 'Mark all as read',
  'inbox.unread': 'Unread',
  'inbox.empty': 'No notifications yet. We will let you know here when your requests change.',
  'inbox.error': 'The notifications could not be loaded.',
  'inbox.load-more': 'Load more',
  'inbox.preferences.title': 'E-mail notifications',
  'inbox.preferences.legend': 'Send me an e-mail when',
  'inbox.preferences.intro':
    'Every notification still shows under the bell at the top of the page; here you choose which ones also come by e-mail. Security notices (password, two-step verification, recovery code, PIN) always do.',
  'inbox.preferences.type.BATCH_REQUESTED': 'An early payment request of the company is received',
  'inbox.preferences.type.BATCH_PAID': 'A request is paid',
  'inbox.preferences.type.BATCH_REJECTED': 'A request is rejected',
  'inbox.preferences.type.BATCH_CANCELLED': 'A request is cancelled',
  'inbox.preferences.type.AUTO_RULE_RAN': 'An automatic rule requests early payment',
  'inbox.preferences.type.AUTO_RULE_FAILED': 'An automatic rule cannot request early payment',
  'inbox.preferences.type.CREDITS_ARRIVED': 'New invoices become available for early payment',
  'inbox.preferences.type.CREDITS_WITHDRAWN': 'Invoices are withdrawn by the buyer',
  'inbox.preferences.unsaved': 'Changes not saved yet.',
  'inbox.preferences.saved': 'E-mail preferences saved.',
  'inbox.preferences.error': 'Your e-mail preferences could not be loaded.',
} satisfies Record<keyof typeof source, string>;

export { type BatchReceiptMailParams, batchReceiptMail } from './batch-receipt.js';
export { type CreditsArrivedMailParams, creditsArrivedMail } from './credits-arrived.js';
export { type CreditsWithdrawnMailParams, creditsWithdrawnMail } from './credits-withdrawn.js';
export { type EventMailParams, eventMail } from './event.js';
export { type InviteMailParams, inviteMail } from './invite.js';
export { DEFAULT_LOCALE, LOCALES, type Locale, type LocaleTable, normalizeLocale } from './locale.js';
export { type PasswordResetMailParams, passwordResetMail } from './password-reset.js';
export { type Block, checkLink, escapeHtml, type MailContent } from './render.js';
export { type SecurityNoticeMailParams, securityNoticeMail } from './security-notice.js';

export {
  createMailer,
  extractLinks,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailMessage,
} from './mailer.js';
export * from './templates/index.js';

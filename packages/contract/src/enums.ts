import { z } from 'zod';
import { msg } from './validation-messages';

/*
 * The closed vocabularies of the domain. Each is a zod enum so the server validates with it, the web app
 * narrows with it (`roleSchema.enum.ROLE_PROVIDER`) and OpenAPI lists the values.
 */

const invalid = msg('validation.invalid');

/**
 * The authorities (docs/product/accounts-and-sessions.md#roles-and-permissions); only ROLE_PROVIDER may use
 * the portal.
 */
export const roleSchema = z.enum(
  [
    'ROLE_ADMIN',
    'ROLE_USER',
    'ROLE_ANONYMOUS',
    'ROLE_BUYER',
    'ROLE_FINANCIAL',
    'ROLE_PROVIDER',
    'ROLE_CLIENT',
    'ROLE_PROVIDER_CONSULT',
    'ROLE_ORGANIZATION_SUPPORT',
    'ROLE_GIRO_SUPPORT',
    'ROLE_APPROVAL',
  ],
  invalid,
);
export type Role = z.infer<typeof roleSchema>;

/** INDIVIDUAL is identified by a CPF (11 digits), CORPORATION by a CNPJ (14 digits). */
export const companyTypeSchema = z.enum(['INDIVIDUAL', 'CORPORATION'], invalid);
export type CompanyType = z.infer<typeof companyTypeSchema>;

/** A company's participation in a program; only ACTIVATED may select and simulate. */
export const providerStatusSchema = z.enum(['ACTIVATED', 'INACTIVATED', 'REMOVED'], invalid);
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const creditStatusSchema = z.enum(['AVAILABLE', 'REQUESTED', 'PAID', 'UNAVAILABLE'], invalid);
export type CreditStatus = z.infer<typeof creditStatusSchema>;

/** A SERVICE credit may need its invoice document uploaded before it can be requested. */
export const creditKindSchema = z.enum(['GOODS', 'SERVICE'], invalid);
export type CreditKind = z.infer<typeof creditKindSchema>;

/** A REJECTED or CANCELLED batch releases its credits (docs/product/requests.md#a-requests-life). */
export const batchStatusSchema = z.enum(['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED'], invalid);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

/** How one business day of an automatic rule ended (docs/product/automation.md#runs). */
export const autoRuleRunStatusSchema = z.enum(['TAKEN', 'NOTHING', 'FAILED', 'MISSED'], invalid);
export type AutoRuleRunStatus = z.infer<typeof autoRuleRunStatusSchema>;

/** Only OPEN lets the invitation flow proceed. */
export const inviteStatusSchema = z.enum(['OPEN', 'CLOSED', 'CONFIRMED', 'WAITING_CONFIRMATION'], invalid);
export type InviteStatus = z.infer<typeof inviteStatusSchema>;

export const whatsAppStatusSchema = z.enum(['RECEIVE', 'NOT_RECEIVE', 'NOT_KNOWN'], invalid);
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

export const notificationTypeSchema = z.enum(['INFO', 'WARNING', 'ERROR'], invalid);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** simple is the market convention for "desconto de duplicatas"; a program may choose compound. */
export const discountModeSchema = z.enum(['simple', 'compound'], invalid);
export type DiscountMode = z.infer<typeof discountModeSchema>;

/** The four catalogues the portal ships; pt-BR is the default and the source catalogue. */
export const localeSchema = z.enum(['pt-BR', 'pt-PT', 'en', 'en-ZA'], invalid);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = 'pt-BR';

/** What a supplier's users are told about, in the notification centre and by e-mail, each one's choice. */
export const inboxEventTypeSchema = z.enum(
  [
    'BATCH_REQUESTED',
    'BATCH_PAID',
    'BATCH_REJECTED',
    'BATCH_CANCELLED',
    'AUTO_RULE_RAN',
    'AUTO_RULE_FAILED',
    'CREDITS_ARRIVED',
    'CREDITS_WITHDRAWN',
  ],
  invalid,
);
export type InboxEventType = z.infer<typeof inboxEventTypeSchema>;

import { z } from 'zod';
import { defineCall } from '../define-call';
import { organizationHeadersSchema } from './auth';

const tag = 'organizations';

export const chatSchema = z.object({
  enabled: z.boolean(),
  /** Loaded by the web app on every page when enabled. */
  scriptUrl: z.string().nullable(),
  /** Widget options handed to the script as they are. */
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type Chat = z.infer<typeof chatSchema>;

/**
 * Public because the widget shows on every page, login included, and holds nothing secret. The organization
 * is the token's when a token is sent, else the `Organization` header's, else the only one.
 */
export const getChatCall = defineCall({
  method: 'GET',
  path: '/api/webapp/organizations/chat',
  auth: 'public',
  tag,
  summary: 'The organization’s support chat widget',
  headers: organizationHeadersSchema,
  response: chatSchema,
});

/** The brand facts every screen may show before login: name, support phone, default language. */
export const organizationInfoSchema = z.object({
  slug: z.string(),
  name: z.string(),
  supportPhone: z.string(),
  locale: z.string(),
  termsFullUrl: z.string(),
});
export type OrganizationInfo = z.infer<typeof organizationInfoSchema>;

export const getOrganizationInfoCall = defineCall({
  method: 'GET',
  path: '/api/webapp/organizations/current',
  auth: 'public',
  tag,
  summary: 'The organization’s public brand facts',
  headers: organizationHeadersSchema,
  response: organizationInfoSchema,
});

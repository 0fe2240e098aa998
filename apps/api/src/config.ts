import path from 'node:path';
import { z } from 'zod';
import { apiRoot } from './api-root';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SEED_DEMO: flag.default(true),
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
  OAUTH_CLIENT_ID: z.string().min(1).default('portal-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('portal-web-secret'),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /**
   * `off`: api/oauth/token refuses the password grant (400 unsupported_grant_type) for deployments whose only
   * client is the web app, which signs in with its cookie session (docs/product/accounts-and-sessions.md#which-login).
   */
  PASSWORD_GRANT: z.enum(['on', 'off']).default('on'),
  /**
   * Lets the web sign-in set its cookie over plain HTTP to an address that is not this machine's (a demo on a
   * LAN): without `__Host-` and `Secure`, so anyone on the network can read it. Off, that sign-in answers 400
   * error.session.httpsRequired.
   */
  SESSION_COOKIE_OVER_HTTP: flag.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.local>'),
  /** Trust X-Forwarded-For / -Proto only behind a known proxy; otherwise a client could spoof its address. */
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(apiRoot, '../web/dist')),
  /** The bearer token Prometheus scrapes /api/metrics with; unset, the endpoint is off (404). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /**
   * 32 bytes, base64: the key that seals second-factor and webhook secrets at rest. Without it, a key file in
   * DATA_DIR (lib/secret-box.ts). Several processes on one database must share it.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'SECRETS_KEY must be 32 bytes in base64')
    .optional(),
  /**
   * Development and tests only: webhooks may go to loopback and private addresses, and over plain http://
   * (docs/product/platform-api.md#webhook-urls).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: flag.default(false),
  /**
   * Every answer checked against its contract schema before it is sent, a mismatch being a 500
   * (http/answer-serializer.ts). On by default where NODE_ENV is `test` (vitest sets it); the browser tests'
   * server turns it on; production leaves it off.
   */
  CHECK_ANSWERS: flag.optional(),
  NODE_ENV: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  seedDemo: boolean;
  appNow: Date | undefined;
  oauthClient: { id: string; secret: string };
  tokenTtlSeconds: number;
  passwordGrant: boolean;
  sessionCookieOverHttp: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  secretsKey: string | undefined;
  metricsToken: string | undefined;
  webhookAllowPrivateUrls: boolean;
  checkAnswers: boolean;
};

/** Parses the environment once; nothing else in the API reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    seedDemo: e.SEED_DEMO,
    appNow: e.APP_NOW ? new Date(e.APP_NOW) : undefined,
    oauthClient: { id: e.OAUTH_CLIENT_ID, secret: e.OAUTH_CLIENT_SECRET },
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    passwordGrant: e.PASSWORD_GRANT === 'on',
    sessionCookieOverHttp: e.SESSION_COOKIE_OVER_HTTP,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    secretsKey: e.SECRETS_KEY || undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    checkAnswers: e.CHECK_ANSWERS ?? e.NODE_ENV === 'test',
  };
}

import { defaultLocale, type Locale, localeSchema } from '@portal/contract';
import { type ExternalRouteKey, isRouteKey, type RouteKey } from './paths';

/**
 * The build configuration (docs/web-configuration.md). Vite inlines the VITE_* variables at build time; this
 * module reads them once and the rest of the app imports `appConfig`, never `import.meta.env`.
 */
export type Flavor = 'default' | 'buyer';

export type AppConfig = {
  /** Where the app is served from, with a trailing slash (Vite's `base`). */
  basePath: string;
  /** Origin of the API; '' means the same origin as the web app. */
  apiHost: string;
  defaultLocale: Locale;
  /** ISO 4217 code of the organization's money; the wire carries amounts in this currency. */
  currency: string;
  disabledRoutes: ReadonlySet<RouteKey>;
  /** Target of each external-redirect route; '' has no target (the route leads to /page-not-found). */
  external: Readonly<Record<ExternalRouteKey, string>>;
  /** Address the mobile success dialogs open ("open the app"). */
  openAppUrl: string;
  /** Sent in the Organization header; '' omits it (allowed when the server holds one organization). */
  organizationSlug: string;
  /** Shown in blocking errors and the error fallback; '' uses the organization's own number. */
  supportPhone: string;
  flavor: Flavor;
  /** The one primary brand color (a hex color whose shade 6 passes WCAG AA on white). */
  brandColor: string;
};

type Env = Readonly<Record<string, string | boolean | undefined>>;

const externalDefaults: Record<ExternalRouteKey, { env: string; fallback: string }> = {
  giroApi: { env: 'VITE_URL_GIRO_API', fallback: 'https://giro.example/api' },
  inviteRedirect: { env: 'VITE_URL_INVITE_REDIRECT', fallback: 'https://giro.example/app' },
  giroTech: { env: 'VITE_URL_GIRO_TECH', fallback: 'https://giro.example' },
  // Empty: /full-terms then opens the organization's own terms address (organizations/current).
  fullTerms: { env: 'VITE_URL_FULL_TERMS', fallback: '' },
  companyAddressManage: {
    env: 'VITE_URL_COMPANY_ADDRESS',
    fallback: 'https://cadastro.giro.example/empresa/endereco',
  },
  companyBankAccountManage: {
    env: 'VITE_URL_COMPANY_BANK_ACCOUNT',
    fallback: 'https://cadastro.giro.example/empresa/conta-bancaria',
  },
  signer: { env: 'VITE_URL_SIGNER', fallback: 'https://cadastro.giro.example/empresa/signatario' },
  companyFilesManage: {
    env: 'VITE_URL_COMPANY_FILES',
    fallback: 'https://cadastro.giro.example/empresa/documentos',
  },
  legacyTermsWebview: {
    env: 'VITE_URL_LEGACY_TERMS_WEBVIEW',
    fallback: 'https://legado.giro.example/fornecedor/termos',
  },
  legacyCreditApprovedDetail: {
    env: 'VITE_URL_LEGACY_CREDIT_APPROVED',
    fallback: 'https://legado.giro.example/fornecedor/credito-aprovado',
  },
  legacyProviderTitlesReport: {
    env: 'VITE_URL_LEGACY_TITLES_REPORT',
    fallback: 'https://legado.giro.example/fornecedor/titulos',
  },
};

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' ? value.trim() : fallback;
}

/** Only http(s) addresses may become redirect targets: a `javascript:` URL in a build variable is a bug. */
function address(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (value === '') return '';
  if (!/^https?:\/\//i.test(value)) throw new Error(`${name} must be an http(s) address, got "${value}"`);
  return value;
}

function list(env: Env, name: string): string[] {
  return text(env, name, '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Parses the variables; unknown route names and malformed values fail the build instead of being ignored. */
export function parseAppConfig(env: Env): AppConfig {
  const locale = localeSchema.safeParse(text(env, 'VITE_DEFAULT_LOCALE', defaultLocale));
  if (!locale.success) throw new Error('VITE_DEFAULT_LOCALE must be one of pt-BR, pt-PT, en, en-ZA');
  const disabled = list(env, 'VITE_DISABLED_ROUTES');
  const unknown = disabled.filter((name) => !isRouteKey(name));
  if (unknown.length > 0) throw new Error(`VITE_DISABLED_ROUTES: unknown routes ${unknown.join(', ')}`);
  const flavor = text(env, 'VITE_FLAVOR', 'default');
  if (flavor !== 'default' && flavor !== 'buyer') throw new Error('VITE_FLAVOR must be default or buyer');
  const brandColor = text(env, 'VITE_BRAND_COLOR', '#1c5fb8');
  if (!/^#[0-9a-f]{6}$/i.test(brandColor)) throw new Error('VITE_BRAND_COLOR must be #rrggbb');
  const external = Object.fromEntries(
    Object.entries(externalDefaults).map(([key, { env: name, fallback }]) => [
      key,
      address(env, name, fallback),
    ]),
  ) as Record<ExternalRouteKey, string>;
  const basePath = text(env, 'BASE_URL', '/');
  return {
    basePath: basePath.endsWith('/') ? basePath : `${basePath}/`,
    apiHost: address(env, 'VITE_API_HOST', '').replace(/\/$/, ''),
    defaultLocale: locale.data,
    currency: text(env, 'VITE_CURRENCY', 'BRL').toUpperCase(),
    disabledRoutes: new Set(disabled.filter(isRouteKey)),
    external,
    openAppUrl: address(env, 'VITE_URL_OPEN_APP', 'https://giro.example/app'),
    organizationSlug: text(env, 'VITE_ORGANIZATION_SLUG', ''),
    supportPhone: text(env, 'VITE_SUPPORT_PHONE', ''),
    flavor,
    brandColor,
  };
}

export const appConfig: AppConfig = parseAppConfig(import.meta.env);

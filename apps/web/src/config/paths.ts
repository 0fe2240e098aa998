/**
 * Every path of the web app (docs/product/screens-and-routes.md), in one map: components link through `paths`
 * and `pathTo`, never through literal strings. The keys double as the names of the route-disable flags
 * (VITE_DISABLED_ROUTES).
 */
export const paths = {
  login: '/',
  acceptInvite: '/accept-invite/:token',
  forgotPassword: '/forgot-password',
  passwordReset: '/password-reset/:key',
  profile: '/profile',
  acceptTerms: '/accept-terms-of-use',
  twoFactor: '/two-factor',
  dashboard: '/dashboard',
  programSelection: '/program-selection',
  anticipationInvoices: '/anticipation/invoices',
  anticipationSimulation: '/anticipation/simulation',
  anticipationHistory: '/anticipation/history',
  anticipationRequest: '/anticipation/history/:id',
  notFound: '/page-not-found',
  // External redirects: the route sends the browser to a configured address (config/app-config.ts).
  giroApi: '/giro-api',
  inviteRedirect: '/invite-redirect',
  giroTech: '/giro.tech',
  fullTerms: '/full-terms',
  companyAddressManage: '/company-address-manage',
  companyBankAccountManage: '/company-bank-account-manage',
  signer: '/signer',
  companyFilesManage: '/company-files-manage',
  legacyTermsWebview: '/terms-webview',
  legacyCreditApprovedDetail: '/credit-approved-detail',
  legacyProviderTitlesReport: '/provider-titles-report',
} as const;

export type RouteKey = keyof typeof paths;

export const externalRouteKeys = [
  'giroApi',
  'inviteRedirect',
  'giroTech',
  'fullTerms',
  'companyAddressManage',
  'companyBankAccountManage',
  'signer',
  'companyFilesManage',
  'legacyTermsWebview',
  'legacyCreditApprovedDetail',
  'legacyProviderTitlesReport',
] as const satisfies readonly RouteKey[];

export type ExternalRouteKey = (typeof externalRouteKeys)[number];

export const routeKeys = Object.keys(paths) as RouteKey[];

export function isRouteKey(value: string): value is RouteKey {
  return Object.hasOwn(paths, value);
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path of a route with its `:params` filled in and URL-encoded. */
export function pathTo<K extends RouteKey>(
  key: K,
  ...args: [ParamNames<(typeof paths)[K]>] extends [never]
    ? []
    : [params: Record<ParamNames<(typeof paths)[K]>, string>]
): string {
  const params: Record<string, string> = args[0] ?? {};
  return paths[key].replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

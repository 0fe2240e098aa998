import type { RouteKey } from '../config/paths';
import { type LazyPage, lazyPage } from './lazy-page';

/**
 * The provider layout's pages (src/app/route-table.tsx renders every one of them inside the layout), each
 * loaded on demand. The build reads this module's dynamic imports: small modules that two or more of these
 * pages import join the provider layout's chunk (shell-chunk-plugin.ts), so a page added here is counted
 * without naming it anywhere else.
 */
export const providerPages = {
  profile: lazyPage(() => import('./routes/profile')),
  dashboard: lazyPage(() => import('./routes/dashboard')),
  programSelection: lazyPage(() => import('./routes/program-selection')),
  anticipationInvoices: lazyPage(() => import('./routes/anticipation-invoices')),
  anticipationSimulation: lazyPage(() => import('./routes/anticipation-simulation')),
  anticipationHistory: lazyPage(() => import('./routes/anticipation-history')),
  anticipationRequest: lazyPage(() => import('./routes/anticipation-request')),
} satisfies Partial<Record<RouteKey, LazyPage>>;

export type ProviderPageKey = keyof typeof providerPages;

/**
 * The pages a company that may not anticipate does not reach (app/guards/require-can-anticipate.tsx): those that
 * lead to a new request. Its requests made before (the history, a request's detail, a notice's link to one) stay
 * its to follow.
 */
export const anticipationPageKeys = [
  'programSelection',
  'anticipationInvoices',
  'anticipationSimulation',
] as const satisfies readonly ProviderPageKey[];

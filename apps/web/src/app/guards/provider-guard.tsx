import { type ReactNode, useDeferredValue } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../components/feedback/error-state';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { paths } from '../../config/paths';
import type { SessionStep } from '../../features/session/next-session-step';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props = { step: SessionStep; isLoading: boolean; hasFailed: boolean; children: ReactNode };

/**
 * Provider content: a spinner while the session loads, then an error with a refresh that reloads the page,
 * or the content (docs/product/screens-and-routes.md#routing-rules). A user who must enrol a second factor
 * goes to /two-factor first; non-providers leave for /giro-api; terms not accepted go to the terms page.
 */
export function ProviderGuard({ step, isLoading, hasFailed, children }: Props) {
  const { t } = useTranslation();
  // The page mounts in a deferred render once the session has answered: that answer is a query update, which
  // React renders in one task a tap cannot interrupt, while a deferred render yields every few milliseconds
  // (docs/decisions/web-first-load.md#phone). The spinner stays meanwhile.
  const isReady = useDeferredValue(!isLoading && step !== 'wait');
  if (step === 'twoFactor') return <Navigate to={paths.twoFactor} replace />;
  if (step === 'giroApi') return <Navigate to={paths.giroApi} replace />;
  if (step === 'acceptTerms') return <Navigate to={paths.acceptTerms} replace />;
  if (hasFailed) {
    return (
      <ErrorState
        message={t('header.error.message')}
        actionLabel={t('header.refresh')}
        onAction={() => window.location.reload()}
      />
    );
  }
  if (!isReady) return <PageSpinner />;
  return <>{children}</>;
}

import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SupportChatLoader } from '../features/organization/components/support-chat-loader';
import { useSupportPhone } from '../features/organization/use-support-phone';
import { useHasBlockingError } from '../lib/errors/error-display-store';
import { useTranslation } from '../lib/i18n/use-translation';
import { useErrorActions } from './use-error-actions';
import { useIsAfterLoad } from './use-is-after-load';
import { useResetErrorsOnRouteChange } from './use-reset-errors-on-route-change';
import { useScrollToTopOnNavigate } from './use-scroll-to-top-on-navigate';

// The modal machinery loads the first time a blocking error appears, not with every page (the toasts load
// the same way: providers.tsx).
const BlockingErrorModal = lazy(() =>
  import('../components/feedback/blocking-error-modal').then((module) => ({
    default: module.BlockingErrorModal,
  })),
);

/** Wraps every page: the error display, the support chat, scroll restoration and the skip link. */
export function RootLayout() {
  const { t } = useTranslation();
  const onAction = useErrorActions();
  const hasBlockingError = useHasBlockingError();
  const isAfterLoad = useIsAfterLoad();
  // The phone is for the blocking error: loaded at once when one shows, else once the page has loaded (kept for
  // an error later, when the network may be gone), not among the page's first calls.
  const supportPhone = useSupportPhone(hasBlockingError || isAfterLoad);
  useResetErrorsOnRouteChange();
  useScrollToTopOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('global.skip-to-content')}
      </a>
      <Outlet />
      {hasBlockingError && (
        <Suspense fallback={null}>
          <BlockingErrorModal supportPhone={supportPhone} onAction={onAction} />
        </Suspense>
      )}
      <SupportChatLoader isEnabled={isAfterLoad} />
    </>
  );
}

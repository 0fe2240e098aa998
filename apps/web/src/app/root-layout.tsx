import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { ToastHost } from '../components/feedback/toast-host';
import { SupportChatLoader } from '../features/organization/components/support-chat-loader';
import { useSupportPhone } from '../features/organization/use-support-phone';
import { useHasBlockingError } from '../lib/errors/error-display-store';
import { useErrorActions } from './use-error-actions';
import { useResetErrorsOnRouteChange } from './use-reset-errors-on-route-change';

// The modal machinery loads the first time a blocking error appears, not with every page.
const BlockingErrorModal = lazy(() =>
  import('../components/feedback/blocking-error-modal').then((module) => ({
    default: module.BlockingErrorModal,
  })),
);

/** Wraps every page: the error display, the support chat, scroll restoration and the skip link. */
export function RootLayout() {
  const { t } = useTranslation();
  const onAction = useErrorActions();
  const supportPhone = useSupportPhone();
  const hasBlockingError = useHasBlockingError();
  useResetErrorsOnRouteChange();
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
      <ToastHost />
      <SupportChatLoader />
      <ScrollRestoration />
    </>
  );
}

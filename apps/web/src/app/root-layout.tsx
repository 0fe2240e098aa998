import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BlockingErrorModal } from '../components/feedback/blocking-error-modal';
import { ToastHost } from '../components/feedback/toast-host';
import { SupportChatLoader } from '../features/organization/components/support-chat-loader';
import { useSupportPhone } from '../features/organization/use-support-phone';
import { resetErrors } from '../lib/errors/error-display-store';
import { useErrorActions } from './use-error-actions';

/** Navigation state of a redirect that an error caused: the error must stay visible after it. */
export type KeepErrorsState = { keepErrors?: boolean };

/** Errors reset when the route changes (PORTAL_SPEC 4), except across a redirect an error caused. */
function useResetErrorsOnRouteChange() {
  const location = useLocation();
  const previous = useRef(location.pathname);
  useEffect(() => {
    if (previous.current === location.pathname) return;
    previous.current = location.pathname;
    if (!(location.state as KeepErrorsState | null)?.keepErrors) resetErrors();
  }, [location]);
}

/** Wraps every page: the error display, the support chat, scroll restoration and the skip link. */
export function RootLayout() {
  const { t } = useTranslation();
  const onAction = useErrorActions();
  const supportPhone = useSupportPhone();
  useResetErrorsOnRouteChange();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('global.skip-to-content')}
      </a>
      <Outlet />
      <BlockingErrorModal supportPhone={supportPhone} onAction={onAction} />
      <ToastHost />
      <SupportChatLoader />
      <ScrollRestoration />
    </>
  );
}

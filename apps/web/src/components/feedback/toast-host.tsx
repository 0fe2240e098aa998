import { Button, Notification } from '@mantine/core';
import { useEffect } from 'react';
import { dismissMessage, toastDurations, useCurrentToast } from '../../lib/errors/error-display-store';
import { translateData } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';
import classes from './toast-host.module.css';

/**
 * The non-blocking display mode: one toast at a time at the bottom right, success 2.5 s, error 2 s, with an
 * action that closes it; the next queued toast shows when it goes (docs/product/errors.md#display-modes).
 */
export function ToastHost() {
  const { t } = useTranslation();
  const toast = useCurrentToast();

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissMessage(toast.id), toastDurations[toast.kind]);
    return () => window.clearTimeout(timer);
  }, [toast]);

  if (!toast) return null;
  const isError = toast.kind === 'error';
  return (
    <div className={classes.host}>
      <Notification
        role={isError ? 'alert' : 'status'}
        color={isError ? 'red.9' : 'brand'}
        withCloseButton={false}
        title={t(isError ? 'global.attention' : 'global.success')}
        withBorder
      >
        <span className={classes.body}>
          {translateData(toast.messageKey, toast.values)}
          <Button
            className={classes.close}
            variant="subtle"
            size="compact-sm"
            onClick={() => dismissMessage(toast.id)}
            aria-label={t('toast.close')}
          >
            {t('global.close')}
          </Button>
        </span>
      </Notification>
    </div>
  );
}

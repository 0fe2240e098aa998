import '@mantine/notifications/styles.css';
import { Button, Group } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { translateData } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';

/**
 * The non-blocking display mode (docs/product/errors.md#display-modes) on @mantine/notifications: a toast at
 * the bottom right with an action that closes it, success 2.5 s, error 2 s, one at a time and the next one
 * waiting. This module loads with the first toast (error-display-store.ts), and the providers then mount
 * `<ToastsHost />` once: @mantine/notifications is not on the first load of / (docs/decisions/web-first-load.md).
 */

/** Toast durations (docs/product/errors.md#display-modes). */
export const toastDurations = { success: 2500, error: 2000 } as const;

export type ToastKind = keyof typeof toastDurations;

// One toast at a time from the first one on: <Notifications limit={1} /> tells the store the same once it is
// mounted, which may be after the first toasts were added.
notificationsStore.updateState((state) => ({ ...state, limit: 1 }));

/**
 * Where the toasts show: bottom right, 24rem wide at most, above the blocking modal. Their slide is skipped
 * for users who ask for less motion (the theme's respectReducedMotion).
 */
export function ToastsHost() {
  return (
    <Notifications
      position="bottom-right"
      limit={1}
      containerWidth={384}
      // The collapse of a leaving toast starts from this height; a toast's content is never taller.
      notificationMaxHeight={320}
      zIndex={400}
    />
  );
}

/**
 * A toast's id is what it says, so the same message is not added twice while it is shown or waiting
 * (notifications.show keeps the first of an id).
 */
function toastId(kind: ToastKind, messageKey: string, values?: Record<string, string>): string {
  return `${kind}:${messageKey}:${JSON.stringify(values ?? {})}`;
}

export function showToast(kind: ToastKind, messageKey: string, values?: Record<string, string>): void {
  const id = toastId(kind, messageKey, values);
  const isError = kind === 'error';
  notifications.show({
    id,
    role: isError ? 'alert' : 'status',
    color: isError ? 'red.9' : 'brand',
    title: <ToastTitle kind={kind} />,
    message: <ToastMessage id={id} messageKey={messageKey} values={values} />,
    autoClose: toastDurations[kind],
    withCloseButton: false,
    withBorder: true,
  });
}

const isErrorToast = (id: string | undefined) => id?.startsWith('error:') ?? false;

/** Error toasts, shown or waiting, go when the route changes; success toasts stay. */
export function hideErrorToasts(): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  if (![...shown, ...queue].some((toast) => isErrorToast(toast.id))) return;
  notifications.updateState(notificationsStore, (toasts) =>
    toasts.filter((toast) => !isErrorToast(toast.id)),
  );
}

function ToastTitle({ kind }: { kind: ToastKind }) {
  const { t } = useTranslation();
  return t(kind === 'error' ? 'global.attention' : 'global.success');
}

/** The message and the close action; a long message wraps, the action keeps its whole label. */
function ToastMessage({
  id,
  messageKey,
  values,
}: {
  id: string;
  messageKey: string;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap" c="black">
      {translateData(messageKey, values)}
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ flexShrink: 0 }}
        onClick={() => notifications.hide(id)}
        aria-label={t('toast.close')}
      >
        {t('global.close')}
      </Button>
    </Group>
  );
}

import { Alert, Stack } from '@mantine/core';
import type { NotificationType } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useActiveNotifications } from '../api/list-active-notifications';
import { dismiss, readDismissed } from '../dismissed-notifications';

/** The tint of each kind, with a title dark enough for WCAG AA on it (Mantine's amber and red are lighter). */
const looks: Record<NotificationType, { color: string; title?: string }> = {
  INFO: { color: 'brand' },
  WARNING: { color: 'yellow', title: '#7a4d00' },
  ERROR: { color: 'red', title: '#8f1d17' },
};

/** The organization's notices for a program; a dismissed one stays hidden (its id is kept in local storage). */
export function ProgramNotifications({ programId }: { programId: number }) {
  const { t } = useTranslation();
  const notifications = useActiveNotifications(programId);
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (notifications.data ?? []).filter((notification) => !dismissed.includes(notification.id));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('notifications.label')}>
      {shown.map((notification) => (
        <Alert
          key={notification.id}
          color={looks[notification.type].color}
          styles={{ title: { color: looks[notification.type].title } }}
          variant="light"
          title={notification.title}
          role={notification.type === 'INFO' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('notifications.dismiss', { title: notification.title })}
          onClose={() => setDismissed(dismiss(notification.id))}
        >
          {notification.message}
        </Alert>
      ))}
    </Stack>
  );
}

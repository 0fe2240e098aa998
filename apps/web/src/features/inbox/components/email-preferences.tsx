import { Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { NotificationPreferences } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/notification-preferences';
import { choicesOf, type EmailChoices, eventTypes, hasChanges, preferencesOf } from '../email-preferences';
import classes from './email-preferences.module.css';

/**
 * The profile's #notifications: which events the user is also sent an e-mail for, one switch per event type.
 * Saving sends the whole set; success is a toast, a failure goes the one error path (the query client's).
 */
export function EmailPreferences() {
  const { t } = useTranslation();
  const saved = useNotificationPreferences();
  if (saved.isPending) return <PageSpinner />;
  if (saved.isError) {
    return (
      <ErrorState
        message={t('inbox.preferences.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void saved.refetch()}
      />
    );
  }
  return <EmailPreferencesForm saved={saved.data} />;
}

export function EmailPreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<EmailChoices>(() => choicesOf(saved));
  const save = useSetNotificationPreferences();
  const isChanged = hasChanges(choices, saved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(preferencesOf(choices), { onSuccess: () => showSuccess('inbox.preferences.saved') });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={560}>
        <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} mb="xs" p={0}>
            {t('inbox.preferences.legend')}
          </Text>
          <Text size="sm" c="dimmed" mb="md">
            {t('inbox.preferences.intro')}
          </Text>
          <Stack gap="md">
            {eventTypes.map((type) => (
              <Switch
                key={type}
                checked={choices[type]}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChoices((current) => ({ ...current, [type]: on }));
                }}
                label={t(`inbox.preferences.type.${type}`)}
                classNames={{ input: classes.input, track: classes.track }}
              />
            ))}
          </Stack>
        </Box>
        <Group gap="sm" align="center">
          <Button type="submit" loading={save.isPending}>
            {t('global.save')}
          </Button>
          {isChanged && (
            <Text size="sm" c="dimmed" role="status">
              {t('inbox.preferences.unsaved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

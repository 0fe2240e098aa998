import { Button, Stack, Text, Title } from '@mantine/core';
import { asMessageKey } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = { messageKey: string; actionLabel: string; onAction: () => void };

/**
 * What stays on the page under (and after) the blocking error of an invite that cannot be used: the same
 * message and a next step, never a blank page.
 */
export function InviteUnavailable({ messageKey, actionLabel, onAction }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" align="flex-start">
      <Title order={1} size="h2">
        {t('invite.unavailable.title')}
      </Title>
      <Text>{t(asMessageKey(messageKey))}</Text>
      <Button onClick={onAction}>{actionLabel}</Button>
    </Stack>
  );
}

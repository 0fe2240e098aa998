import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation';

/** The wait of every screen: a spinner with its text announced to screen readers. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text c="dimmed">{label ?? t('global.loading')}</Text>
      </Stack>
    </Center>
  );
}

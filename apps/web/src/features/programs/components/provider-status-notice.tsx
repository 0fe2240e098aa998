import { Alert, Stack, Text } from '@mantine/core';
import type { Program } from '@portal/contract';
import { SafeHtml } from '../../../components/safe-html';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useProviderConfiguration } from '../api/get-provider-configuration';

/**
 * Why the company cannot anticipate in this program: the participation is not active, and/or the program's
 * own message for the company (server HTML, sanitised). Nothing when it can.
 */
export function ProviderStatusNotice({ program }: { program: Program }) {
  const { t } = useTranslation();
  const configuration = useProviderConfiguration(program.id);
  const isActive = program.providerStatus === 'ACTIVATED';
  const html = configuration.data?.providerCanNotAnticipate;
  if (isActive && !html) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('invoices.inactive.title')}
      role="status"
      // Mantine's amber title is too light on white (WCAG AA); a dark amber reads at about 7:1.
      styles={{ title: { color: '#7a4d00' } }}
    >
      <Stack gap="xs">
        {!isActive && <Text size="sm">{t('invoices.inactive.text', { program: program.name })}</Text>}
        {html && <SafeHtml html={html} />}
      </Stack>
    </Alert>
  );
}

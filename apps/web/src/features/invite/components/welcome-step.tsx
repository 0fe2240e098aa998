import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatIdentification, identificationKindOf } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** What the welcome names: from the query string while the invite loads, then from the invite itself. */
export type InviteDetails = { companyName?: string; identification?: string; organizationName?: string };

type Props = { details: InviteDetails; isLoading: boolean; onStart: () => void };

function identificationLabel(identification: string) {
  const kind = identificationKindOf(identification);
  if (kind === 'CPF') return 'invite.welcome.cpf' as const;
  if (kind === 'CNPJ') return 'invite.welcome.cnpj' as const;
  return 'invite.welcome.identification' as const;
}

/** The welcome: who invites and for which company; start is possible once the invite is known to be OPEN. */
export function WelcomeStep({ details, isLoading, onStart }: Props) {
  const { t } = useTranslation();
  const rows = [
    details.companyName ? { label: t('invite.welcome.company'), value: details.companyName } : null,
    details.identification
      ? {
          label: t(identificationLabel(details.identification)),
          value: formatIdentification(details.identification),
        }
      : null,
    details.organizationName
      ? { label: t('invite.welcome.organization'), value: details.organizationName }
      : null,
  ].filter((row) => row !== null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('invite.welcome.title')}
      </Title>
      <Text>{t('invite.welcome.text')}</Text>
      {rows.length > 0 && (
        <Paper bg="gray.0" p="md" radius="sm">
          <SimpleGrid component="dl" cols={{ base: 1, sm: rows.length }} spacing="md" m={0}>
            {rows.map((row) => (
              <Stack key={row.label} gap={2}>
                <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {row.label}
                </Text>
                <Text component="dd" fw={600} m={0}>
                  {row.value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {t('invite.welcome.steps')}
      </Text>
      <Group gap="md">
        <Button size="md" onClick={onStart} disabled={isLoading}>
          {t('invite.start')}
        </Button>
        {isLoading && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('invite.loading')}
            </Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

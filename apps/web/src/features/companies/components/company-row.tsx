import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Company } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = { company: Company; isCurrent: boolean; isBusy: boolean; onAccess: (company: Company) => void };

/** One company of the selection modal: name, formatted CNPJ/CPF, available credits and its Access button. */
export function CompanyRow({ company, isCurrent, isBusy, onAccess }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2} style={{ flex: '1 1 14rem' }}>
        <Group gap="xs">
          <Text fw={600}>{company.name}</Text>
          {isCurrent && (
            <Badge variant="light" size="sm">
              {t('company.current')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {format.identification(company.identification)}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end">
        <Text size="xs" c="dimmed">
          {t('company.available')}
        </Text>
        <Text fw={600}>{format.money(company.value)}</Text>
      </Stack>
      <Button
        onClick={() => onAccess(company)}
        loading={isBusy}
        aria-label={t('company.access-name', { name: company.name })}
      >
        {t('company.access')}
      </Button>
    </Group>
  );
}

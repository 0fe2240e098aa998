import { Button, Group, Stack, Text } from '@mantine/core';
import type { Company } from '@portal/contract';
import { useFormat } from '../../lib/format/use-format';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props = {
  company: Company | undefined;
  hasFailed: boolean;
  onChange: () => void;
  /** A phone's header row: name and CNPJ on the left, the button on the right, no label. */
  isCompact?: boolean;
};

/** The company the user acts for, its formatted CNPJ/CPF and the change-company button. */
export function CompanyBadge({ company, hasFailed, onChange, isCompact = false }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  if (isCompact) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" truncate="end">
            {company?.name ?? (hasFailed ? t('header.error.message') : '')}
          </Text>
          {company && (
            <Text size="xs" c="dimmed">
              {format.identification(company.identification)}
            </Text>
          )}
        </Stack>
        <Button variant="light" size="compact-sm" onClick={onChange} style={{ flexShrink: 0 }}>
          {t('header.change-company')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" c="dimmed">
        {t('header.company')}
      </Text>
      {company && (
        <>
          <Text fw={600} size="sm" lh={1.3}>
            {company.name}
          </Text>
          <Text size="xs" c="dimmed">
            {format.identification(company.identification)}
          </Text>
        </>
      )}
      {hasFailed && (
        <Group gap={4}>
          <Text size="xs" c="red.9">
            {t('header.error.message')}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={() => window.location.reload()}>
            {t('header.refresh')}
          </Button>
        </Group>
      )}
      <Button variant="subtle" size="compact-xs" px={0} onClick={onChange}>
        {t('header.change-company')}
      </Button>
    </Stack>
  );
}

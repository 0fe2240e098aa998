import { Button, Stack, Text } from '@mantine/core';
import type { Company } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format/use-format';

type Props = { company: Company | undefined; hasFailed: boolean; onChange: () => void };

/** The company the user acts for, its formatted CNPJ/CPF and the change-company button. */
export function CompanyBadge({ company, hasFailed, onChange }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
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
        <Text size="xs" c="red.9">
          {t('header.error.message')}
        </Text>
      )}
      <Button variant="subtle" size="compact-xs" px={0} onClick={onChange}>
        {t('header.change-company')}
      </Button>
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import type { Program } from '@portal/contract';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { ProgramsPanel } from '../../features/programs/components/programs-panel';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState } from './anticipation-state';

const invoicesLink = (program: Program) => ({
  to: paths.anticipationInvoices,
  state: { program } satisfies InvoicesState,
});

/** `/program-selection`: every program of the company; choosing one opens its invoices. */
export function Component() {
  const { t } = useTranslation();
  const company = useDefaultCompany();
  return (
    <Stack gap="lg">
      <title>{`${t('program-selection.title')} · ${t('app.name')}`}</title>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('program-selection.title')}
        </Title>
        <Text c="dimmed">{t('programs.choose')}</Text>
      </Stack>
      <ProgramsPanel company={company.data} linkOf={invoicesLink} />
    </Stack>
  );
}

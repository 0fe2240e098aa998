import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { NextCredit } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/feedback/error-state';
import { useFormat } from '../../../lib/format/use-format';
import { useNextCredits } from '../api/list-next-credits';

type Props = { labelledBy: string; busyId: number | null; onCalculate: (credit: NextCredit) => void };

/** The next invoices to fall due (client, maturity, value) with a calculate button that opens the simulation. */
export function NextInvoices({ labelledBy, busyId, onCalculate }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const credits = useNextCredits();
  if (credits.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={t('global.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  }
  if (credits.isError) {
    return (
      <ErrorState
        message={t('dashboard.next.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void credits.refetch()}
      />
    );
  }
  if (credits.data.length === 0) return <Text c="dimmed">{t('dashboard.next.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table aria-labelledby={labelledBy} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.next.client')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.next.maturity')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('dashboard.next.value')}
            </Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{t('dashboard.next.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.data.map((credit) => (
            <Table.Tr key={credit.id}>
              <Table.Td>{credit.buyer}</Table.Td>
              <Table.Td>{format.date(credit.expireDate)}</Table.Td>
              <Table.Td ta="right">{format.money(credit.originalValue)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={busyId === credit.id}
                  onClick={() => onCalculate(credit)}
                  aria-label={t('dashboard.next.calculate-invoice', { number: credit.nfNumber })}
                >
                  {t('dashboard.next.calculate')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Table } from '@mantine/core';
import type { UnavailableCredit } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useReasonText } from './use-reason-text';

type Props = { credits: readonly UnavailableCredit[]; labelledBy: string };

/** The credits that cannot be advanced, on a laptop: the invoice's facts and the reason, nothing to select. */
export function UnavailableTable({ credits, labelledBy }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonText = useReasonText();
  return (
    <Table.ScrollContainer minWidth={720} type="native" pos="relative">
      <Table aria-labelledby={labelledBy} bg="white" withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.column.nfNumber')}</Table.Th>
            <Table.Th scope="col">{t('invoices.column.nfSerial')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.column.installment')}
            </Table.Th>
            <Table.Th scope="col">{t('invoices.column.expireDate')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.column.originalValue')}
            </Table.Th>
            <Table.Th scope="col">{t('invoices.column.buyer')}</Table.Th>
            <Table.Th scope="col">{t('invoices.unavailable.column.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.map((credit) => (
            <Table.Tr key={credit.id} data-credit={credit.id}>
              <Table.Td>{credit.nfNumber}</Table.Td>
              <Table.Td>{credit.nfSerial}</Table.Td>
              <Table.Td ta="right">{credit.installmentNumber}</Table.Td>
              <Table.Td>{format.date(credit.expireDate)}</Table.Td>
              <Table.Td ta="right">{format.money(credit.originalValue)}</Table.Td>
              <Table.Td>{credit.buyer}</Table.Td>
              <Table.Td>{reasonText(credit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Group, Table } from '@mantine/core';
import type { BatchSummary } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AutomaticBadge, BatchStatusBadge } from './batch-status-badge';
import { opensRequestClass, RequestLink } from './request-link';

/**
 * The requests: date, number of invoices, value, net, payment date, who pays, status; sideways scroll on a phone. Each
 * row opens its request (the date is the link, stretched over the row).
 */
export function HistoryTable({
  batches,
  labelledBy,
}: {
  batches: readonly BatchSummary[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer
      minWidth={900}
      type="native"
      tabIndex={0}
      // Positioned, so visually hidden text inside scrolled cells cannot widen the page.
      pos="relative"
      role="group"
      aria-labelledby={labelledBy}
    >
      <Table
        aria-labelledby={labelledBy}
        striped
        highlightOnHover
        bg="white"
        withTableBorder
        verticalSpacing="sm"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('history.column.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('history.column.count')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('history.column.value')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('history.column.net')}
            </Table.Th>
            <Table.Th scope="col">{t('history.column.payment-date')}</Table.Th>
            <Table.Th scope="col">{t('history.column.funder')}</Table.Th>
            <Table.Th scope="col">{t('history.column.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch.id} data-batch={batch.id} className={opensRequestClass}>
              <Table.Td>
                <RequestLink id={batch.id}>{format.dateTime(batch.createdAt)}</RequestLink>
              </Table.Td>
              <Table.Td ta="right">{batch.creditCount}</Table.Td>
              <Table.Td ta="right">{format.money(batch.originalValue)}</Table.Td>
              <Table.Td ta="right">{format.money(batch.value)}</Table.Td>
              <Table.Td>{format.date(batch.paymentDate)}</Table.Td>
              <Table.Td>{batch.funder.name}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <BatchStatusBadge status={batch.status} />
                  {batch.automatic && <AutomaticBadge />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

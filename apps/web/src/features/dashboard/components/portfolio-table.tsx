import { Table } from '@mantine/core';
import type { PortfolioMonth } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** The chart's figures as a table: what screen readers (and anyone who prefers numbers) read. */
export function PortfolioTable({ months, caption }: { months: readonly PortfolioMonth[]; caption: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer
      minWidth={0}
      type="native"
      tabIndex={0}
      pos="relative"
      role="group"
      aria-label={caption}
    >
      <Table verticalSpacing="xs" horizontalSpacing={6} captionSide="top">
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.portfolio.month')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('dashboard.portfolio.to-receive')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('dashboard.portfolio.advanced')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Th scope="row" fw={400}>
                {format.month(month.month)}
              </Table.Th>
              <Table.Td ta="right">{format.money(month.toReceive)}</Table.Td>
              <Table.Td ta="right">{format.money(month.advanced)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

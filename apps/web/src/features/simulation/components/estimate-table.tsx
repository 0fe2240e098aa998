import { Button, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { CreditEstimate } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MessageKey } from '../../../locales/catalogues';
import {
  type EstimateSort,
  type EstimateSortKey,
  nextEstimateSort,
  sortEstimateRows,
} from '../estimate-rows';

type Column = { key: EstimateSortKey; label: MessageKey; kind: 'text' | 'date' | 'money' | 'number' };

const columns: readonly Column[] = [
  { key: 'nfNumber', label: 'invoices.column.nfNumber', kind: 'text' },
  { key: 'nfSerial', label: 'invoices.column.nfSerial', kind: 'text' },
  { key: 'installmentNumber', label: 'invoices.column.installment', kind: 'number' },
  { key: 'expireDate', label: 'invoices.column.expireDate', kind: 'date' },
  { key: 'days', label: 'simulation.column.days', kind: 'number' },
  { key: 'originalValue', label: 'invoices.column.originalValue', kind: 'money' },
  { key: 'investorDiscount', label: 'simulation.total.investor-discount', kind: 'money' },
  { key: 'platformFee', label: 'simulation.total.platform-fee', kind: 'money' },
  { key: 'dailyIof', label: 'simulation.total.daily-iof', kind: 'money' },
  { key: 'fixedIof', label: 'simulation.total.fixed-iof', kind: 'money' },
  { key: 'bankFee', label: 'simulation.total.bank-fee', kind: 'money' },
  { key: 'anticipation', label: 'simulation.column.net', kind: 'money' },
];

/** Rows shown at first and added per "show more": the table of a whole program stays quick to render. */
const pageRows = 100;
const arrows = { ascending: '▲', descending: '▼', none: '' } as const;

/** Every credit of the estimate with every cost line, sortable per column, scrollable sideways on a phone. */
export function EstimateTable({ rows }: { rows: readonly CreditEstimate[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [sort, setSort] = useState<EstimateSort>(null);
  const [shown, setShown] = useState(pageRows);
  const sorted = useMemo(() => sortEstimateRows(rows, sort), [rows, sort]);
  const cell = (row: CreditEstimate, column: Column) => {
    const value = row[column.key];
    if (column.kind === 'money') return format.money(value as number);
    if (column.kind === 'date') return format.date(value as string);
    return String(value);
  };
  return (
    <Stack gap="sm">
      <Table.ScrollContainer
        minWidth={1000}
        type="native"
        tabIndex={0}
        // Positioned, so visually hidden text inside scrolled cells cannot widen the page.
        pos="relative"
        role="group"
        aria-labelledby="estimate-credits"
      >
        <Table striped highlightOnHover aria-labelledby="estimate-credits" bg="white" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const state =
                  sort?.key !== column.key ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending';
                return (
                  <Table.Th
                    key={column.key}
                    scope="col"
                    aria-sort={state}
                    ta={column.kind === 'money' ? 'right' : undefined}
                  >
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={() => setSort(nextEstimateSort(sort, column.key))}
                    >
                      {t(column.label)} <span aria-hidden>{arrows[state]}</span>
                      {state !== 'none' && (
                        <span className="visually-hidden">{t(`invoices.sort.${state}`)}</span>
                      )}
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.slice(0, shown).map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.kind === 'money' ? 'right' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {cell(row, column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sorted.length > shown && (
        <Stack align="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('simulation.table.shown', { shown, total: sorted.length })}
          </Text>
          <Button variant="default" onClick={() => setShown((count) => count + pageRows)}>
            {t('simulation.table.more')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

import { Table, Text } from '@mantine/core';
import { useRef } from 'react';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { invoiceColumns } from '../invoice-columns';
import { useVirtualList } from '../use-virtual-list';
import classes from './invoice-list.module.css';
import type { InvoiceListProps } from './list-props';
import { RowCheckbox } from './row-checkbox';
import { SortHeader } from './sort-header';

/** Every row is 52 px high (docs/product/screens-and-routes.md#invoice-selection). */
export const rowHeight = 52;

/**
 * The invoice list on a laptop: a real table (sticky header, sortable columns, 52 px rows) whose body holds
 * only the rows on screen; spacer rows stand in for the others, so the scroll bar is the whole list's.
 */
export function InvoiceTable(props: InvoiceListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { credits, totalCount, sort, onSort, isSelected, isSelectable, onToggle, renderAction } = props;
  const list = useVirtualList(bodyRef, {
    count: credits.length,
    estimateSize: rowHeight,
    overscan: 6,
    ...props,
  });
  // The actions column is there only when a row can have an action (service invoices).
  const hasActions = credits.some((credit) => credit.kind === 'SERVICE');
  const columnCount = invoiceColumns.length + (hasActions ? 2 : 1);
  return (
    <Table
      className={classes.table}
      stickyHeader
      highlightOnHover
      horizontalSpacing={8}
      aria-labelledby={props.labelledBy}
      aria-rowcount={totalCount + 1}
      bg="white"
    >
      <Table.Thead>
        <Table.Tr aria-rowindex={1}>
          <Table.Th w={44} scope="col">
            <span className="visually-hidden">{t('invoices.column.select')}</span>
          </Table.Th>
          {invoiceColumns.map((column) => (
            <SortHeader
              key={column.id}
              label={t(column.labelKey)}
              sortKey={column.sortKey}
              sort={sort}
              onSort={onSort}
              isNumeric={column.isNumeric}
              width={column.width}
            />
          ))}
          {/* Room for an NF-e's access key (blocks of 4) and an upload's refusal, which wrap inside it. */}
          {hasActions && (
            <Table.Th w={200} scope="col">
              <span className="visually-hidden">{t('invoices.column.actions')}</span>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={bodyRef}>
        {list.paddingTop > 0 && <tr aria-hidden style={{ height: list.paddingTop }} />}
        {list.items.map((item) => {
          const credit = credits[item.index];
          if (!credit) return null;
          const selected = isSelected(credit);
          return (
            <Table.Tr
              key={credit.id}
              className={classes.row}
              data-selected={selected}
              aria-rowindex={item.index + 2}
            >
              <Table.Td>
                <RowCheckbox
                  credit={credit}
                  isSelected={selected}
                  isSelectable={isSelectable(credit)}
                  onToggle={onToggle}
                />
              </Table.Td>
              {invoiceColumns.map((column) => {
                const text = column.text(credit, format);
                return (
                  <Table.Td key={column.id} ta={column.isNumeric ? 'right' : undefined} title={text}>
                    {text}
                  </Table.Td>
                );
              })}
              {hasActions && <Table.Td>{renderAction(credit)}</Table.Td>}
            </Table.Tr>
          );
        })}
        {list.paddingBottom > 0 && <tr aria-hidden style={{ height: list.paddingBottom }} />}
        {props.isFetchingNextPage && (
          <Table.Tr>
            <Table.Td colSpan={columnCount}>
              <Text size="sm" c="dimmed" ta="center" role="status">
                {t('invoices.loading-more')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

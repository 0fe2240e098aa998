import { Group, Text } from '@mantine/core';
import type { Credit } from '@portal/contract';
import type { ReactNode } from 'react';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { invoiceColumns } from '../invoice-columns';
import classes from './invoice-list.module.css';
import { RowCheckbox } from './row-checkbox';

type Props = {
  credit: Credit;
  isSelected: boolean;
  isSelectable: boolean;
  onToggle: (credit: Credit) => void;
  action: ReactNode;
};

const factColumns = invoiceColumns.filter((column) => !['nfNumber', 'nfSerial', 'buyer'].includes(column.id));

/** One invoice on a phone: the same facts as a table row, as a card that never needs sideways scrolling. */
export function InvoiceCard({ credit, isSelected, isSelectable, onToggle, action }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={classes.card} data-selected={isSelected}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <RowCheckbox
          credit={credit}
          isSelected={isSelected}
          isSelectable={isSelectable}
          onToggle={onToggle}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>
            {t('invoices.card.title', { number: credit.nfNumber, serial: credit.nfSerial })}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {credit.buyer}
          </Text>
        </div>
      </Group>
      <dl className={classes.cardFacts}>
        {factColumns.map((column) => (
          <div key={column.id}>
            <dt>{t(column.labelKey)}</dt>
            <dd>{column.text(credit, format)}</dd>
          </div>
        ))}
      </dl>
      {action && (
        <Group justify="flex-end" mt="xs">
          {action}
        </Group>
      )}
    </div>
  );
}

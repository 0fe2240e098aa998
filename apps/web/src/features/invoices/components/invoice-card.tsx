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

/**
 * One invoice on a phone: the same facts as a table row, as a card that never needs sideways scrolling. Plain
 * elements with the list's classes rather than Mantine's layout components: a phone mounts several cards at once
 * on every load of the page (docs/decisions/web-first-load.md#light-rows).
 */
export function InvoiceCard({ credit, isSelected, isSelectable, onToggle, action }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={classes.card} data-selected={isSelected}>
      <div className={classes.cardHead}>
        <RowCheckbox
          credit={credit}
          isSelected={isSelected}
          isSelectable={isSelectable}
          onToggle={onToggle}
        />
        <div className={classes.cardName}>
          <p className={classes.cardTitle}>
            {t('invoices.card.title', { number: credit.nfNumber, serial: credit.nfSerial })}
          </p>
          <p className={classes.cardBuyer}>{credit.buyer}</p>
        </div>
      </div>
      <dl className={classes.cardFacts}>
        {factColumns.map((column) => (
          <div key={column.id}>
            <dt>{t(column.labelKey)}</dt>
            <dd>{column.text(credit, format)}</dd>
          </div>
        ))}
      </dl>
      {action && <div className={classes.cardAction}>{action}</div>}
    </div>
  );
}

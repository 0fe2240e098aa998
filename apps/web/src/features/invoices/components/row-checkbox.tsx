import { Checkbox } from '@mantine/core';
import type { Credit } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  credit: Credit;
  isSelected: boolean;
  isSelectable: boolean;
  onToggle: (credit: Credit) => void;
};

/** The selection box of one credit; a credit waiting for its invoice document says so instead. */
export function RowCheckbox({ credit, isSelected, isSelectable, onToggle }: Props) {
  const { t } = useTranslation();
  const label = t('invoices.select-one', { number: credit.nfNumber, installment: credit.installmentNumber });
  return (
    <Checkbox
      checked={isSelected}
      disabled={!isSelectable}
      onChange={() => onToggle(credit)}
      aria-label={credit.requiresInvoice ? `${label} — ${t('invoices.needs-invoice')}` : label}
    />
  );
}

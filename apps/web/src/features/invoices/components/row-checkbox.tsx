import type { Credit } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import classes from './invoice-list.module.css';

type Props = {
  credit: Credit;
  isSelected: boolean;
  isSelectable: boolean;
  onToggle: (credit: Credit) => void;
};

/**
 * The selection box of one credit; a credit waiting for its invoice document says so instead. A native
 * checkbox in the brand's colour with Mantine's focus ring: the list mounts one per row on every load, and
 * Mantine's Checkbox is a tree of components with a re-render of its own per row
 * (docs/decisions/web-first-load.md#light-rows).
 */
export function RowCheckbox({ credit, isSelected, isSelectable, onToggle }: Props) {
  const { t } = useTranslation();
  const label = t('invoices.select-one', { number: credit.nfNumber, installment: credit.installmentNumber });
  return (
    <input
      type="checkbox"
      // Mantine's global focus ring class: the theme's `focusRing` decides it, as for Mantine's own inputs.
      className={`${classes.rowCheckbox} mantine-focus-auto`}
      checked={isSelected}
      disabled={!isSelectable}
      onChange={() => onToggle(credit)}
      aria-label={credit.requiresInvoice ? `${label} — ${t('invoices.needs-invoice')}` : label}
    />
  );
}

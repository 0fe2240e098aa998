import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

export type InvoiceListView = 'available' | 'unavailable';

type Props = { value: InvoiceListView; onChange: (view: InvoiceListView) => void };

/** Switches the invoices page between the invoices that can be advanced and those that cannot. */
export function ListViewControl({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('invoices.tabs.label')}
      value={value}
      onChange={(next) => onChange(next as InvoiceListView)}
      data={[
        { value: 'available', label: t('invoices.tabs.available') },
        { value: 'unavailable', label: t('invoices.tabs.unavailable') },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { useTranslation } from '../../lib/i18n/use-translation';
import { allCreditsQueryOptions } from './api/list-credits';
import { invoiceColumns } from './invoice-columns';

const plain = { money: (value: number) => value.toFixed(2), date: (isoDate: string) => isoDate };

/**
 * Every open invoice of the program as CSV: the list's columns with machine-readable values (ISO dates,
 * amounts with a decimal point), so a spreadsheet can sum and sort them.
 */
export function useExportInvoices(providerId: number, fileName: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isExporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const credits = await queryClient.fetchQuery(allCreditsQueryOptions(providerId));
      const header = [...invoiceColumns.map((column) => t(column.labelKey)), t('invoices.csv.kind')];
      const rows = credits.map((credit) => [
        ...invoiceColumns.map((column) => column.text(credit, plain)),
        credit.kind,
      ]);
      downloadCsv(fileName, toCsv(header, rows));
    } catch {
      // shown by the error display
    } finally {
      setExporting(false);
    }
  };
  return { exportCsv, isExporting };
}

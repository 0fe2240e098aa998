import { useState } from 'react';
import { reportOperationError } from '../../lib/api/query-client';
import { downloadCsv, toCsv } from '../../lib/csv';
import { useTranslation } from '../../lib/i18n/use-translation';
import { listAllBatches } from './api/list-batches';

/** Every request of the program as CSV, with machine-readable values (ISO dates, amounts with a point). */
export function useExportHistory(providerId: number, fileName: string) {
  const { t } = useTranslation();
  const [isExporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const batches = await listAllBatches(providerId);
      const header = [
        t('history.csv.id'),
        t('history.column.date'),
        t('history.column.count'),
        t('history.column.value'),
        t('history.column.net'),
        t('history.column.payment-date'),
        t('history.column.funder'),
        t('history.column.status'),
      ];
      const rows = batches.map((batch) => [
        batch.id,
        batch.createdAt,
        batch.creditCount,
        batch.originalValue.toFixed(2),
        batch.value.toFixed(2),
        batch.paymentDate,
        batch.funder.name,
        batch.status,
      ]);
      downloadCsv(fileName, toCsv(header, rows));
    } catch (error) {
      reportOperationError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exportCsv, isExporting };
}

import { Text } from '@mantine/core';
import { formatAccessKey } from '@portal/contract';
import { useTranslation } from '../../lib/i18n/use-translation';

/**
 * The access key of a credit's checked electronic invoice, in blocks of 4 (formatAccessKey, as the DANFE
 * prints it), under its label. Shared by the invoices page and a request's detail.
 */
export function InvoiceKey({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    // Wraps between blocks even inside the invoice table, whose cells otherwise stay on one line.
    <Text size="xs" c="dark.6" data-testid="invoice-key" style={{ whiteSpace: 'normal' }}>
      <Text span inherit fw={600}>
        {t('invoice-key.label')}:
      </Text>{' '}
      <Text span inherit ff="monospace">
        {formatAccessKey(value)}
      </Text>
    </Text>
  );
}

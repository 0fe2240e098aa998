import { Alert, List, Text } from '@mantine/core';
import {
  type FieldError,
  formatAccessKey,
  type InvoiceRefusalCode,
  invoiceRefusalCodes,
} from '@portal/contract';
import { type AppError, isApiError } from '../../../lib/errors/app-error';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Refusal = AppError & { code: InvoiceRefusalCode };

/** The refusal of an electronic invoice against its credit, when that is what a failed upload was; else null. */
export function invoiceRefusalOf(error: unknown): Refusal | null {
  if (!isApiError(error)) return null;
  const { detail } = error;
  return (invoiceRefusalCodes as readonly string[]).includes(detail.code) ? (detail as Refusal) : null;
}

const fieldLabels = {
  issuer: 'upload.refusal.field.issuer',
  recipient: 'upload.refusal.field.recipient',
  nfNumber: 'upload.refusal.field.nfNumber',
  nfSerial: 'upload.refusal.field.nfSerial',
  originalValue: 'upload.refusal.field.originalValue',
  netValue: 'upload.refusal.field.netValue',
  installmentValue: 'upload.refusal.field.installmentValue',
  accessKey: 'upload.refusal.field.accessKey',
  protocolKey: 'upload.refusal.field.protocolKey',
} as const;

type Format = ReturnType<typeof useFormat>;

/** A value of the document or the credit as the screens write it elsewhere: a mask, money, a key in blocks. */
function shown(field: string, value: string, format: Format): string {
  if (field === 'issuer' || field === 'recipient') return format.identification(value);
  if (field === 'originalValue' || field === 'installmentValue' || field === 'netValue') {
    const amount = Number(value);
    return Number.isFinite(amount) && value !== '' ? format.money(amount) : value;
  }
  if (field === 'accessKey' || field === 'protocolKey') return formatAccessKey(value);
  return value;
}

/**
 * Said next to the credit whose upload was refused (docs/product/errors.md#invoice-refusals): the translated
 * message, then what the document says against what the credit says, one line per field the server named.
 */
export function InvoiceRefusal({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const lines = refusal.fieldErrors.flatMap((error: FieldError) => {
    const label = fieldLabels[error.field as keyof typeof fieldLabels];
    if (!label || !error.params) return [];
    const { document, credit } = error.params;
    const values = { field: t(label), document: shown(error.field, document, format) };
    return [
      credit === undefined
        ? t('upload.refusal.found', values)
        : t('upload.refusal.compared', { ...values, credit: shown(error.field, credit, format) }),
    ];
  });
  return (
    // Wraps inside the invoice table too, whose cells otherwise stay on one line.
    <Alert
      color="red"
      variant="light"
      role="alert"
      p="xs"
      data-testid="invoice-refusal"
      maw={420}
      style={{ whiteSpace: 'normal' }}
    >
      <Text size="sm" c="dark.9">
        {t(refusal.code)}
      </Text>
      {lines.length > 0 && (
        <List size="xs" c="dark.7" mt={4} spacing={2}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

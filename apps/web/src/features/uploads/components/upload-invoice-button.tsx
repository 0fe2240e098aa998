import { Button, FileButton, Stack } from '@mantine/core';
import { errorBody, invoiceUpload } from '@portal/contract';
import { reportError, showSuccess } from '../../../lib/errors/error-display-store';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useUploadCreditInvoice } from '../api/upload-credit-invoice';
import { InvoiceRefusal, invoiceRefusalOf } from './invoice-refusal';

/** What the server recognises (by content); the picker offers only these. */
const accept = 'application/pdf,application/xml,text/xml,image/png,image/jpeg,.pdf,.xml,.png,.jpg,.jpeg';

type Props = {
  creditId: number;
  invoiceNumber: string;
  /** With the access key of an electronic invoice checked on upload, null for other documents. */
  onUploaded: (creditId: number, invoiceKey: string | null) => void;
};

/**
 * Sends the invoice document of a service credit. A file over 10 MB is refused here, before it travels; the
 * server still checks the size and the type by content. Success shows a toast and unlocks the credit; an
 * electronic invoice refused against the credit is said here, next to it, until the next attempt.
 * Its name is its visible text followed by the invoice number (visually hidden), e.g. "Enviar nota 1234": it
 * starts with what is on screen, so a voice-control user can say it (WCAG 2.5.3, label in name). The space
 * stays outside the hidden span: name computations trim what an element holds.
 */
export function UploadInvoiceButton({ creditId, invoiceNumber, onUploaded }: Props) {
  const { t } = useTranslation();
  const upload = useUploadCreditInvoice();
  const send = (file: File | null) => {
    if (!file) return;
    if (file.size > invoiceUpload.maxBytes) {
      reportError(errorBody('error.upload.tooLarge'));
      return;
    }
    upload.mutate(
      { creditId, file },
      {
        onSuccess: (result) => {
          showSuccess('upload.success', { number: invoiceNumber });
          onUploaded(creditId, result.accessKey);
        },
      },
    );
  };
  const refusal = invoiceRefusalOf(upload.error);
  return (
    <Stack gap={4} align="flex-start">
      <FileButton onChange={send} accept={accept}>
        {(props) => (
          <Button {...props} size="compact-sm" variant="light" loading={upload.isPending}>
            {t('upload.action')} <span className="visually-hidden">{invoiceNumber}</span>
          </Button>
        )}
      </FileButton>
      {refusal && <InvoiceRefusal refusal={refusal} />}
    </Stack>
  );
}

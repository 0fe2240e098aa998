import { invoiceUpload, uploadCreditInvoiceCall } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export type InvoiceUploadInput = { creditId: number; file: File };

/**
 * Multipart, one field `file`; the API client gives uploads the 120 s timeout
 * (docs/product/screens-and-routes.md#constants).
 */
export const uploadCreditInvoice = ({ creditId, file }: InvoiceUploadInput) => {
  const body = new FormData();
  body.append(invoiceUpload.field, file, file.name);
  return callApi(uploadCreditInvoiceCall, { params: { creditId }, body });
};

export function useUploadCreditInvoice() {
  return useMutation({ mutationFn: uploadCreditInvoice });
}

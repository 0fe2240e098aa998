import type { Credit, CreditPage } from '@portal/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { creditsKey } from './api/list-credits';

type CachedCredits = InfiniteData<CreditPage> | Credit[] | undefined;

/**
 * After an upload the credit becomes selectable, with the access key of its electronic invoice if it was one. The cached pages are patched in place rather than reloaded:
 * a reload would reset the selection and the scroll position.
 */
export function useMarkInvoiceUploaded(providerId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (creditId: number, invoiceKey: string | null) => {
      const patch = (credit: Credit): Credit =>
        credit.id === creditId
          ? {
              ...credit,
              invoiceUploaded: true,
              requiresInvoice: false,
              invoiceKey: invoiceKey ?? credit.invoiceKey,
            }
          : credit;
      queryClient.setQueriesData<CachedCredits>({ queryKey: creditsKey(providerId) }, (data) => {
        if (Array.isArray(data)) return data.map(patch);
        if (!data) return data;
        return { ...data, pages: data.pages.map((page) => ({ ...page, content: page.content.map(patch) })) };
      });
    },
    [providerId, queryClient],
  );
}

import type { Locale } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { locales } from '../../../locales/catalogues';
import { UploadInvoiceButton } from './upload-invoice-button';

const visibleText: Record<Locale, string> = {
  'pt-BR': 'Enviar nota',
  'pt-PT': 'Enviar fatura',
  en: 'Upload invoice',
  'en-ZA': 'Upload invoice',
};

describe('the upload button of a service invoice', () => {
  it.each(locales)(
    'in %s, is named by its visible text, then the invoice number (label in name)',
    async (locale) => {
      await renderWithProviders(
        <UploadInvoiceButton creditId={7} invoiceNumber="152654" onUploaded={vi.fn()} />,
        locale,
      );
      const button = screen.getByRole('button', { name: `${visibleText[locale]} 152654` });
      expect(button.getAttribute('aria-label')).toBeNull();
    },
  );
});

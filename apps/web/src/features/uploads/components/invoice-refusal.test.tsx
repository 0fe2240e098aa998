import { type ErrorBody, errorBody, type Locale, uploadCreditInvoiceCall } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { displayOf } from '../../../lib/errors/display-rules';
import { UploadInvoiceButton } from './upload-invoice-button';

/** The server's exact answer to an NF-e whose total and duplicata are not the credit's value. */
const valueMismatch = errorBody('error.invoice.valueMismatch', [
  {
    field: 'originalValue',
    message: 'validation.invalid',
    params: { document: '9999.90', credit: '10000.00' },
  },
  {
    field: 'installmentValue',
    message: 'validation.invalid',
    params: { document: '9999.90', credit: '10000.00' },
  },
]);
const issuerMismatch = errorBody('error.invoice.issuerMismatch', [
  {
    field: 'issuer',
    message: 'validation.invalid',
    params: { document: '12ABC34501DE35', credit: '11444777000161' },
  },
]);

const expected: Record<Locale, { message: string; total: string }> = {
  'pt-BR': {
    message: 'O valor da nota fiscal não é o valor deste título.',
    total: 'Valor total: na nota fiscal, R$ 9.999,90; no título, R$ 10.000,00',
  },
  'pt-PT': {
    message: 'O valor da nota fiscal não é o valor desta fatura.',
    total: 'Valor total: na nota fiscal, 9999,90 R$; na fatura, 10 000,00 R$',
  },
  en: {
    message: 'The electronic invoice’s amount is not this invoice’s amount.',
    total: 'Total: the electronic invoice says R$9,999.90, the invoice R$10,000.00',
  },
  'en-ZA': {
    message: 'The electronic invoice’s amount is not this invoice’s amount.',
    total: 'Total: the electronic invoice says R$9 999,90, the invoice R$10 000,00',
  },
};

/** Text as read, no-break spaces as plain ones. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');

describe('an electronic invoice refused against its credit', () => {
  async function uploadRefused(body: ErrorBody, locale: Locale = 'pt-BR') {
    answer(uploadCreditInvoiceCall, () => HttpResponse.json(body, { status: 400 }));
    const onUploaded = vi.fn();
    const { container } = await renderWithProviders(
      <UploadInvoiceButton creditId={7} invoiceNumber="100000" onUploaded={onUploaded} />,
      locale,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File(['<?xml version="1.0"?><nfeProc/>'], 'nfe.xml', { type: 'text/xml' }),
    );
    return { alert: await screen.findByRole('alert'), onUploaded };
  }

  it.each(Object.keys(expected) as Locale[])(
    'in %s, says the message and what the document says against the credit, next to the button',
    async (locale) => {
      const { alert, onUploaded } = await uploadRefused(valueMismatch, locale);

      expect(text(alert)).toContain(expected[locale].message);
      const lines = within(alert).getAllByRole('listitem').map(text);
      expect(lines[0]).toBe(expected[locale].total);
      expect(lines).toHaveLength(2);
      expect(onUploaded).not.toHaveBeenCalled();
    },
  );

  it('writes identifications with their mask', async () => {
    const { alert } = await uploadRefused(issuerMismatch);
    expect(text(alert)).toContain('A nota fiscal não foi emitida pela sua empresa.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Emitente: na nota fiscal, 12.ABC.345/01DE-35; no título, 11.444.777/0001-61',
    );
  });

  it("writes a refused key in blocks of 4, the document Id's prefix apart", async () => {
    // The server's answer to a key with a wrong check digit: the Id as the file writes it.
    const wrongKey = 'NFe35261121534800010555001000155408100000011234';
    const { alert } = await uploadRefused(
      errorBody('error.invoice.keyInvalid', [
        { field: 'accessKey', message: 'validation.invalid', params: { document: wrongKey } },
      ]),
    );
    expect(text(within(alert).getByRole('listitem'))).toContain(
      'NFe 3526 1121 5348 0001 0555 0010 0015 5408 1000 0001 1234',
    );
  });

  it('is shown in place only, never as a toast as well', () => {
    for (const code of ['error.invoice.valueMismatch', 'error.invoice.signatureInvalid'] as const) {
      expect(displayOf(errorBody(code)).mode).toBe('IGNORED');
    }
    expect(displayOf(errorBody('error.upload.unsupportedType')).mode).toBe('NON_BLOCKING');
  });
});

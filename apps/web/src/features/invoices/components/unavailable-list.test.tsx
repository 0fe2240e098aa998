import {
  listUnavailableCreditsCall,
  type UnavailableCredit,
  type UnavailableCreditPage,
} from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, refuse, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { UnavailableList } from './unavailable-list';

const credit = (id: number, fields: Partial<UnavailableCredit>): UnavailableCredit => ({
  id,
  nfNumber: `00012${id}`,
  nfSerial: '1',
  buyer: 'Horizonte Alimentos S.A.',
  orderDetail: null,
  installmentNumber: 1,
  expireDate: '2026-11-23',
  originalValue: 1234.5,
  kind: 'GOODS',
  reason: 'credit.reason.dueTooSoon',
  ...fields,
});

const soon = credit(1, {});
const withdrawn = credit(2, {
  nfSerial: '2',
  installmentNumber: 3,
  expireDate: '2027-01-15',
  originalValue: 98765.43,
  reason: 'credit.reason.withdrawn',
});

const page = (content: UnavailableCredit[], number = 0, last = true): UnavailableCreditPage => ({
  content,
  number,
  last,
});

/** A row's cells as read, the currency's no-break space as a plain one. */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => (cell.textContent ?? '').replace(/\s/g, ' '));

describe('the list of invoices that cannot be advanced', () => {
  const asked = () => sentRequests(listUnavailableCreditsCall).map((request) => request.path);

  it('shows each invoice with its facts and its reason in words, the due date in the too-soon one', async () => {
    answer(listUnavailableCreditsCall, page([soon, withdrawn]));
    await renderWithProviders(<UnavailableList providerId={7} />);
    const table = await screen.findByRole('table', { name: 'Não antecipáveis' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first!)).toEqual([
      '000121',
      '1',
      '1',
      '23/11/2026',
      'R$ 1.234,50',
      'Horizonte Alimentos S.A.',
      'Vencimento em 23/11/2026, próximo demais para antecipar',
    ]);
    expect(cellsOf(second!)).toEqual([
      '000122',
      '2',
      '3',
      '15/01/2027',
      'R$ 98.765,43',
      'Horizonte Alimentos S.A.',
      'Retirado pelo sacado',
    ]);
    expect(asked()[0]).toContain('/api/webapp/credits/programProvider/7/unavailable?page=0&size=30');
  });

  it('speaks English in en', async () => {
    answer(listUnavailableCreditsCall, page([soon, withdrawn]));
    await renderWithProviders(<UnavailableList providerId={7} />, 'en');
    const table = await screen.findByRole('table', { name: 'Not available' });
    expect(within(table).getByText('Due 11/23/2026, too soon to be paid early')).toBeTruthy();
    expect(within(table).getByText('Withdrawn by the buyer')).toBeTruthy();
  });

  it('shows more while pages follow', async () => {
    const pages = [page([soon], 0, false), page([withdrawn], 1, true)];
    answer(listUnavailableCreditsCall, () => pages.shift() ?? HttpResponse.error());
    await renderWithProviders(<UnavailableList providerId={7} />);
    await screen.findByText('Vencimento em 23/11/2026, próximo demais para antecipar');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar mais títulos' }));
    expect(await screen.findByText('Retirado pelo sacado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mostrar mais títulos' })).toBeNull();
    expect(asked()[1]).toContain('page=1&size=30');
  });

  it('says so when there are none', async () => {
    answer(listUnavailableCreditsCall, page([]), { once: true });
    await renderWithProviders(<UnavailableList providerId={7} />);
    expect(
      await screen.findByText('Todos os títulos em aberto deste programa podem ser antecipados.'),
    ).toBeTruthy();
  });

  it('shows the error with try-again when the list cannot be loaded', async () => {
    refuse(listUnavailableCreditsCall, 'error.unknown');
    await renderWithProviders(<UnavailableList providerId={7} />);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Não foi possível carregar os títulos não antecipáveis.',
    );
    answer(listUnavailableCreditsCall, page([withdrawn]));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Retirado pelo sacado')).toBeTruthy();
  });
});

import { notifications } from '@mantine/notifications';
import { type BatchDetail, cancelBatchCall, getBatchCall } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, refusal, refuse, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ToastsHost } from '../../../lib/errors/toasts';
import { RequestDetail } from './request-detail';

const requested: BatchDetail = {
  id: 42,
  programId: 3,
  programName: 'Horizonte Fornecedores',
  buyerName: 'Horizonte Alimentos S.A.',
  funder: { name: 'Banco Sul Fomento S.A.', house: false },
  programProviderId: 7,
  companyId: 5,
  status: 'REQUESTED',
  automatic: false,
  requestedAt: '2026-11-23T13:00:00.000Z',
  paymentDate: '2026-11-24',
  value: 3000,
  total: 2921.5,
  discount: 70,
  fees: 5,
  iof: 3.5,
  rejectionReason: null,
  paymentReference: null,
  bankAccount: '341 / 1234 / ****5678',
  cancellable: true,
  credits: [1, 2].map((n) => ({
    id: n,
    nfNumber: `10${n}`,
    nfSerial: '1',
    installmentNumber: n,
    expireDate: `2026-12-0${n}`,
    originalValue: 1500,
    discount: 35,
    investorDiscount: 30,
    platformFee: 5,
    dailyIof: 1.25,
    fixedIof: 0.5,
    bankFee: 2.5,
    anticipation: 1460.75,
    days: 8,
    // The first credit's invoice is an NF-e checked on upload.
    invoiceKey: n === 1 ? '35260311444777000161550010001000001000000011' : null,
  })),
  events: [{ status: 'REQUESTED', at: '2026-11-23T13:00:00.000Z', by: 'Ana' }],
};

/** Text as read, the currency's no-break space as a plain one. */
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s/g, ' ');

async function open(batchId: number | null, historySearch?: string, requirePin = false) {
  return renderWithProviders(
    <MemoryRouter>
      <ToastsHost />
      <RequestDetail batchId={batchId} historySearch={historySearch} requirePin={requirePin} />
    </MemoryRouter>,
  );
}

describe('the request detail page', () => {
  beforeEach(() => {
    act(() => notifications.clean());
  });

  it('shows status, program and buyer, dates, who pays, timeline, totals and every credit with its frozen figures', async () => {
    answer(getBatchCall, requested);
    await open(42);
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitação nº 42' })).toBeTruthy();
    expect(within(screen.getByTestId('request-status')).getByText('Solicitada')).toBeTruthy();
    expect(screen.queryByText('Automática')).toBeNull();
    const summary = screen.getByRole('region', { name: 'Valores da solicitação' });
    const facts = within(summary).getAllByRole('term').map(text);
    const values = within(summary).getAllByRole('definition').map(text);
    expect(facts.slice(0, 6)).toEqual([
      'Programa',
      'Sacado',
      'Solicitada em',
      'Data do pagamento',
      'Financiador',
      'Conta bancária',
    ]);
    expect(values.slice(0, 6)).toEqual([
      'Horizonte Fornecedores',
      'Horizonte Alimentos S.A.',
      '23/11/2026, 10:00',
      '24/11/2026',
      // Who pays (docs/product/requests.md#funder).
      'Banco Sul Fomento S.A.',
      // The account the request was made with, masked by the API (docs/product/requests.md#bank-account).
      '341 / 1234 / ****5678',
    ]);
    expect(text(screen.getByTestId('request-net'))).toBe('R$ 2.921,50');
    const totals = screen.getByTestId('request-totals');
    expect(within(totals).getAllByRole('definition').map(text)).toEqual([
      'R$ 3.000,00',
      '− R$ 70,00',
      '− R$ 5,00',
      '− R$ 3,50',
      'R$ 2.921,50',
    ]);
    const timeline = screen.getByRole('region', { name: 'Andamento' });
    expect(within(timeline).getByRole('listitem').textContent).toBe('Solicitada23/11/2026, 10:00 · por Ana');
    const table = screen.getByRole('table', { name: '2 títulos' });
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map(text)).toEqual([
      // The number, with the access key of its checked NF-e in blocks of 4.
      '101Chave de acesso da nota fiscal: 3526 0311 4447 7700 0161 5500 1000 1000 0010 0000 0011',
      '1',
      '01/12/2026',
      'R$ 1.500,00',
      'R$ 35,00',
      'R$ 2,50',
      'R$ 1,75',
      'R$ 1.460,75',
    ]);
    expect(sentRequests()[0]?.path).toBe('/api/webapp/batches/42');
    const statement = screen.getByRole('link', { name: 'Baixar extrato' });
    expect(statement.getAttribute('href')).toBe('/api/webapp/batches/42/statement.pdf');
    // The way back leads to the request's own history.
    expect(screen.getByRole('link', { name: 'Voltar às solicitações realizadas' }).getAttribute('href')).toBe(
      '/anticipation/history?providerId=7&programId=3',
    );
  });

  it('cancels after the confirmation: the dialog says where the credits go, then a toast and the new status', async () => {
    const cancelled: BatchDetail = {
      ...requested,
      status: 'CANCELLED',
      cancellable: false,
      events: [...requested.events, { status: 'CANCELLED', at: '2026-11-23T13:05:00.000Z', by: 'Ana' }],
    };
    let isCancelled = false;
    answer(getBatchCall, () => (isCancelled ? cancelled : requested));
    answer(cancelBatchCall, () => {
      isCancelled = true;
      return cancelled;
    });
    await open(42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar solicitação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a solicitação nº 42?' });
    expect(dialog.textContent).toContain(
      'Os 2 títulos desta solicitação voltam para os títulos em aberto do programa Horizonte Fornecedores e poderão ser solicitados de novo.',
    );
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Manter solicitação' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests(cancelBatchCall)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancelar solicitação' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, cancelar' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent ?? '').toContain(
      'Solicitação nº 42 cancelada.',
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('request-status')).getByText('Cancelada')).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Cancelar solicitação' })).toBeNull();
    // The button that opened the dialog has gone: the heading takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    const post = sentRequests().find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/webapp/batches/42/cancel');
    expect(post?.text).toBe('{}');
    expect(within(screen.getByRole('region', { name: 'Andamento' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
  });

  it('a refused cancel shows the translated error and the page takes the current status', async () => {
    const paid: BatchDetail = { ...requested, status: 'PAID', cancellable: false };
    let isPaid = false;
    answer(getBatchCall, () => (isPaid ? paid : requested));
    answer(cancelBatchCall, () => {
      isPaid = true;
      return refusal('error.batch.wrongStatus');
    });
    await open(42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar solicitação' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, cancelar' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'A situação desta solicitação não permite esta operação.',
    );
    await waitFor(() => expect(within(screen.getByTestId('request-status')).getByText('Paga')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancelar solicitação' })).toBeNull();
  });

  it('in a program that requires the PIN, the dialog asks for it: a wrong one keeps the dialog, a lock says until when', async () => {
    const answers: Response[] = [
      refusal('error.user.pinMismatch'),
      refusal('error.user.pinLocked', { params: { until: Date.parse('2026-11-23T13:20:00.000Z') } }),
    ];
    answer(getBatchCall, requested);
    answer(cancelBatchCall, () => answers.shift() ?? requested);
    const bodies = () => sentRequests(cancelBatchCall).map((request) => request.body);
    await open(42, undefined, true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar solicitação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a solicitação nº 42?' });
    const pin = within(dialog).getByLabelText('PIN de transação', { selector: 'input' });
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    await user.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await within(dialog).findByText('O PIN deve ter 6 dígitos.')).toBeTruthy();
    expect(bodies()).toEqual([]);

    await user.type(pin, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await within(dialog).findByText('O PIN não confere.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.clear(pin);
    await user.type(pin, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));
    expect(
      await within(dialog).findByText(
        'PIN bloqueado depois de muitas tentativas erradas. Tente de novo a partir de 23/11/2026, 10:20.',
      ),
    ).toBeTruthy();
    expect(bodies()).toEqual([{ pin: '111111' }, { pin: '222222' }]);
  });

  it('a rejected request shows its reason, an automatic one its mark and the rule, neither a cancel', async () => {
    answer(getBatchCall, {
      ...requested,
      status: 'REJECTED',
      automatic: true,
      cancellable: false,
      rejectionReason: 'Títulos com divergência de valor.',
      events: [
        { status: 'REQUESTED', at: '2026-11-23T13:00:00.000Z', by: null },
        { status: 'REJECTED', at: '2026-11-23T15:00:00.000Z', by: null },
      ],
    });
    await open(42);
    expect(await screen.findByRole('region', { name: 'Motivo da recusa' })).toBeTruthy();
    expect(screen.getByTestId('rejection-reason').textContent).toBe('Títulos com divergência de valor.');
    expect(within(screen.getByTestId('request-status')).getByText('Automática')).toBeTruthy();
    const events = within(screen.getByRole('region', { name: 'Andamento' })).getAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual([
      'Solicitada23/11/2026, 10:00 · por uma regra automática',
      'Recusada23/11/2026, 12:00 · pela plataforma',
    ]);
    expect(screen.queryByRole('button', { name: 'Cancelar solicitação' })).toBeNull();
  });

  it('a paid request shows the payment’s reference the platform gave; a request without one shows none', async () => {
    answer(getBatchCall, {
      ...requested,
      status: 'PAID',
      cancellable: false,
      paymentReference: 'E00000000202611231500abcdef012345',
    });
    await open(42);
    const term = await screen.findByText('Referência do pagamento');
    expect(term.nextElementSibling?.textContent).toBe('E00000000202611231500abcdef012345');
  });

  it('a request without a bank account on record shows none', async () => {
    answer(getBatchCall, { ...requested, bankAccount: null });
    await open(42);
    const summary = await screen.findByRole('region', { name: 'Valores da solicitação' });
    expect(within(summary).getAllByRole('term').map(text).slice(0, 4)).toEqual([
      'Programa',
      'Sacado',
      'Solicitada em',
      'Data do pagamento',
    ]);
    expect(within(summary).queryByText('Conta bancária')).toBeNull();
  });

  it('a 404 shows the not-found state, with the way back to the history it came from, and no toast', async () => {
    refuse(getBatchCall, 'error.batch.notFound');
    await open(999, '?providerId=7&programId=3&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitação não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar às solicitações realizadas' }).getAttribute('href')).toBe(
      '/anticipation/history?providerId=7&programId=3&page=2',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an address without a valid id is not found without asking the server; the way out is the programs', async () => {
    await open(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitação não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Escolher programa' }).getAttribute('href')).toBe(
      '/program-selection',
    );
    expect(sentRequests()).toEqual([]);
  });
});

import { type Estimate, errorBody, requestBatchCall } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ApiError } from '../../../lib/errors/app-error';
import { requestBatch } from '../api/request-batch';
import { ConfirmationPanel } from './confirmation-panel';

const estimate: Estimate = {
  date: '2026-11-24',
  total: 2921.5,
  value: 3000,
  discount: 70,
  fees: 5,
  iof: 3.5,
  averageTimeframe: 30,
  effectiveMonthlyCost: 0.0268,
  daysToPay: 1,
  anticipationMaxTime: '23:59',
  creditEstimates: [],
  offerId: 'house',
  funder: { id: null, name: 'Horizonte Energia S.A.', house: true },
  offers: [],
  programFinancial: { active: true, financialConfiguration: { sessionTerm: null } },
};

const refusal = (code: Parameters<typeof errorBody>[0], params?: Record<string, number>) =>
  new ApiError(errorBody(code, [], undefined, params));

async function render(requirePin: boolean, onConfirm = vi.fn()) {
  await renderWithProviders(
    <MemoryRouter>
      <ConfirmationPanel
        opened
        estimate={estimate}
        isPastMaxTime={false}
        isSending={false}
        requirePin={requirePin}
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />
    </MemoryRouter>,
  );
  return onConfirm;
}

const confirm = () => screen.getByRole('button', { name: 'Confirmar antecipação' });
const pin = () => screen.getByLabelText('PIN de transação', { selector: 'input' });

describe('the confirmation panel and the transaction PIN', () => {
  it('asks nothing where the program requires no PIN', async () => {
    const onConfirm = await render(false);
    expect(screen.queryByLabelText('PIN de transação')).toBeNull();
    await userEvent.setup().click(confirm());
    expect(onConfirm).toHaveBeenCalledWith(undefined, expect.any(Function));
  });

  it('asks for six digits, then says each refusal where it belongs', async () => {
    const onConfirm = await render(true);
    const user = userEvent.setup();
    await user.click(confirm());
    expect(await screen.findByText('O PIN deve ter 6 dígitos.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(pin(), '123456');
    await user.click(confirm());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]?.[0]).toBe('123456');
    const refused = onConfirm.mock.calls[0]?.[1] as (error: unknown) => void;

    refused(refusal('error.user.pinMismatch'));
    expect(await screen.findByText('O PIN não confere.')).toBeTruthy();
    expect(pin().getAttribute('aria-invalid')).toBe('true');

    refused(refusal('error.user.pinNotRegistered'));
    expect(
      (await screen.findByRole('link', { name: 'Cadastrar meu PIN no perfil' })).getAttribute('href'),
    ).toBe('/profile#security');

    refused(refusal('error.user.pinLocked', { until: Date.parse('2026-11-23T13:20:00.000Z') }));
    expect(
      await screen.findByText(
        'PIN bloqueado depois de muitas tentativas erradas. Tente de novo a partir de 23/11/2026, 10:20.',
      ),
    ).toBeTruthy();
  });
});

describe('the request’s body', () => {
  beforeEach(() => {
    answer(requestBatchCall, { id: 1, value: 10, daysToPay: 1 });
  });

  it('names the offer shown, with the PIN where there is one', async () => {
    await requestBatch({ creditIds: [1, 2], offerId: 'house', idempotencyKey: 'k' });
    await requestBatch({ creditIds: [1, 2], offerId: 7, idempotencyKey: 'k', pin: '123456' });
    expect(sentRequests(requestBatchCall).map((request) => request.body)).toEqual([
      { creditIds: [1, 2], offerId: 'house' },
      { creditIds: [1, 2], offerId: 7, pin: '123456' },
    ]);
  });
});

import { createPlanCall } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { PlannerForm } from './planner-form';
import { anEstimate, sentCalls } from './test-data';

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }));
vi.mock('../../../lib/errors/error-display-store', async (original) => ({
  ...(await original<typeof import('../../../lib/errors/error-display-store')>()),
  reportError,
}));

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

describe('the planner', () => {
  afterEach(() => {
    reportError.mockReset();
  });

  async function fill(amount: string, date: string) {
    const user = userEvent.setup();
    await user.type(field('Valor líquido de que preciso'), amount);
    await user.type(field('Até o dia'), date);
    await user.click(screen.getByRole('button', { name: 'Escolher os títulos' }));
  }

  it('asks for an amount and a date before sending anything', async () => {
    await renderWithProviders(<PlannerForm programProviderId={3} isActive onPlanned={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Escolher os títulos' }));
    expect(await screen.findByText('Valor em reais inválido.')).toBeTruthy();
    expect(screen.getByText('Data inválida.')).toBeTruthy();
    expect(sentCalls()).toEqual([]);
  });

  it('hands the plan’s credits to the simulation', async () => {
    const onPlanned = vi.fn();
    answer(createPlanCall, { creditIds: [5, 9], estimate: anEstimate(2) });
    await renderWithProviders(<PlannerForm programProviderId={3} isActive onPlanned={onPlanned} />);
    await fill('2500,5', '2026-12-01');
    await waitFor(() => expect(onPlanned).toHaveBeenCalledWith([5, 9]));
    expect(sentCalls()).toEqual([
      {
        method: 'POST',
        path: '/api/webapp/plans',
        body: { programProviderId: 3, amount: 2500.5, date: '2026-12-01' },
      },
    ]);
  });

  it('says how much can be reached by the date when the amount cannot, in place and not as a toast', async () => {
    const onPlanned = vi.fn();
    // As the API answers it: the amount named as the field, with the code as its message.
    refuse(createPlanCall, 'error.plan.notEnough', {
      params: { reachable: 1234.56 },
      fieldErrors: [{ field: 'amount', message: 'error.plan.notEnough' }],
    });
    await renderWithProviders(<PlannerForm programProviderId={3} isActive onPlanned={onPlanned} />);
    await fill('900000', '2026-12-01');
    const alert = await screen.findByTestId('plan-not-enough');
    expect(text(alert)).toBe(
      'Os títulos disponíveis não chegam a esse valor até essa data: o máximo possível é R$ 1.234,56.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(onPlanned).not.toHaveBeenCalled();
    // The one error path still sees it; its display rule keeps it from a toast.
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ params: { reachable: 1234.56 } }),
      undefined,
    );
    // The amount is not wrong in itself: no field error, and another try is not blocked.
    expect(screen.queryByText('Valor inválido.')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Escolher os títulos' });
    expect(submit.hasAttribute('disabled')).toBe(false);
    // A new amount: the message about the old one goes.
    await userEvent.setup().type(field('Valor líquido de que preciso'), '0');
    await waitFor(() => expect(screen.queryByTestId('plan-not-enough')).toBeNull());
  });

  it('in English, with the language’s decimal point and money', async () => {
    refuse(createPlanCall, 'error.plan.notEnough', { params: { reachable: 1234.56 } });
    await renderWithProviders(<PlannerForm programProviderId={3} isActive onPlanned={vi.fn()} />, 'en');
    const user = userEvent.setup();
    await user.type(field('Net amount I need'), '2500.5');
    await user.type(field('By'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Pick the invoices' }));
    expect(text(await screen.findByTestId('plan-not-enough'))).toContain(
      'the most you can get is R$1,234.56.',
    );
    expect(sentCalls()[0]?.body).toMatchObject({ amount: 2500.5 });
  });

  it('is blocked, saying why, in an inactive participation', async () => {
    await renderWithProviders(<PlannerForm programProviderId={3} isActive={false} onPlanned={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Escolher os títulos' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Participação inativa/)).toBeTruthy();
  });
});

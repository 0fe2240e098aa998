import { getNotificationPreferencesCall, setNotificationPreferencesCall } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, refusal, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { EmailPreferences } from './email-preferences';

const { showSuccess, reportError } = vi.hoisted(() => ({ showSuccess: vi.fn(), reportError: vi.fn() }));
vi.mock('../../../lib/errors/error-display-store', async (original) => ({
  ...(await original<typeof import('../../../lib/errors/error-display-store')>()),
  showSuccess,
  reportError,
}));

const allOn = {
  BATCH_REQUESTED: true,
  BATCH_PAID: true,
  BATCH_REJECTED: true,
  BATCH_CANCELLED: true,
  AUTO_RULE_RAN: true,
  AUTO_RULE_FAILED: true,
  CREDITS_ARRIVED: true,
  CREDITS_WITHDRAWN: true,
};

describe('the e-mail preferences of the profile', () => {
  let putStatus = 200;
  beforeEach(() => {
    putStatus = 200;
    answer(getNotificationPreferencesCall, { email: { ...allOn, CREDITS_ARRIVED: false } });
    answer(setNotificationPreferencesCall, async ({ request }) =>
      putStatus === 200 ? await request.json() : refusal('error.unknown', { status: putStatus }),
    );
  });
  afterEach(() => {
    showSuccess.mockReset();
    reportError.mockReset();
  });

  const toggle = (name: string) => screen.getByRole('switch', { name });
  const puts = () => sentRequests().filter((request) => request.method === 'PUT');

  it('shows one switch per event type as saved, and saves the whole set with a success toast', async () => {
    await renderWithProviders(<EmailPreferences />);
    const user = userEvent.setup();
    expect(await screen.findAllByRole('switch')).toHaveLength(8);
    expect(toggle('Novos títulos ficarem disponíveis para antecipação')).toHaveProperty('checked', false);
    expect(toggle('Uma solicitação for paga')).toHaveProperty('checked', true);
    expect(toggle('Títulos forem retirados pelo sacado')).toHaveProperty('checked', true);
    expect(screen.queryByText('Alterações ainda não salvas.')).toBeNull();

    await user.click(toggle('Uma solicitação for paga'));
    expect(toggle('Uma solicitação for paga')).toHaveProperty('checked', false);
    expect(screen.getByText('Alterações ainda não salvas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('inbox.preferences.saved'));
    const [put] = puts();
    expect(put?.path).toBe('/api/webapp/notification-preferences');
    expect(put?.body).toEqual({
      email: { ...allOn, CREDITS_ARRIVED: false, BATCH_PAID: false },
    });
    await waitFor(() => expect(screen.queryByText('Alterações ainda não salvas.')).toBeNull());
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a failed save goes the one error path, keeps the switches as chosen and shows no success', async () => {
    putStatus = 500;
    await renderWithProviders(<EmailPreferences />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Uma solicitação for recusada' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
    expect(reportError.mock.calls[0]?.[0]).toMatchObject({ httpStatus: 500 });
    expect(showSuccess).not.toHaveBeenCalled();
    expect(toggle('Uma solicitação for recusada')).toHaveProperty('checked', false);
    expect(screen.getByText('Alterações ainda não salvas.')).toBeTruthy();
  });
});

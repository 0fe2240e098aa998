import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
};

describe('the e-mail preferences of the profile', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let putStatus = 200;
  beforeEach(() => {
    putStatus = 200;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (_url, init) => {
      const isPut = init?.method === 'PUT';
      const body = isPut
        ? putStatus === 200
          ? JSON.parse(String(init?.body))
          : { httpStatus: 500, message: 'error.internal', code: 'error.internal' }
        : { email: { ...allOn, CREDITS_ARRIVED: false } };
      return new Response(JSON.stringify(body), {
        status: isPut ? putStatus : 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    showSuccess.mockReset();
    reportError.mockReset();
    vi.unstubAllGlobals();
  });

  const toggle = (name: string) => screen.getByRole('switch', { name });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

  it('shows one switch per event type as saved, and saves the whole set with a success toast', async () => {
    await renderWithProviders(<EmailPreferences />);
    const user = userEvent.setup();
    expect(await screen.findAllByRole('switch')).toHaveLength(7);
    expect(toggle('Novos títulos ficarem disponíveis para antecipação')).toHaveProperty('checked', false);
    expect(toggle('Uma solicitação for paga')).toHaveProperty('checked', true);
    expect(screen.queryByText('Alterações ainda não salvas.')).toBeNull();

    await user.click(toggle('Uma solicitação for paga'));
    expect(toggle('Uma solicitação for paga')).toHaveProperty('checked', false);
    expect(screen.getByText('Alterações ainda não salvas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('inbox.preferences.saved'));
    const [url, init] = puts()[0] ?? [];
    expect(url).toBe('/api/webapp/notification-preferences');
    expect(JSON.parse(String(init?.body))).toEqual({
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

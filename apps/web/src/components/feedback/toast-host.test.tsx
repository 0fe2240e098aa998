import { errorBody } from '@portal/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { errorDisplayStore, reportError, showSuccess } from '../../lib/errors/error-display-store';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  beforeEach(() => errorDisplayStore.set({ blocking: [], toasts: [] }));
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: an error for 2 s, then the next, a success for 2.5 s', async () => {
    await renderWithProviders(<ToastHost />);
    vi.useFakeTimers();
    act(() => {
      reportError(errorBody('error.unknown'));
      showSuccess('profile.updated');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('Algo deu errado');
    expect(screen.queryByText('Perfil atualizado com sucesso.')).toBeNull();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Perfil atualizado com sucesso.');

    act(() => vi.advanceTimersByTime(2499));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with its action before the time is up', async () => {
    await renderWithProviders(<ToastHost />);
    act(() => reportError(errorBody('error.http.forbidden')));
    act(() => screen.getByRole('button', { name: 'Fechar mensagem' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

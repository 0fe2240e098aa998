import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { showToast, ToastsHost } from './toasts';

const matchNothing = window.matchMedia;

/** Whether the system asks for less motion (jsdom's matchMedia, test/setup.ts, matches nothing). */
function prefersReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchNothing(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }));
}

/** How long a toast's slide in or out takes (Mantine's transition styles on the toast). */
const slideOf = (toast: HTMLElement) => toast.style.transitionDuration;

describe('the toasts (docs/product/errors.md#display-modes)', () => {
  beforeEach(() => act(() => notifications.clean()));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows one toast at a time: an error for 2 s, then the next, a success for 2.5 s', async () => {
    prefersReducedMotion(true);
    await renderWithProviders(<ToastsHost />);
    vi.useFakeTimers();
    act(() => {
      showToast('error', 'error.unknown');
      showToast('success', 'profile.updated');
    });
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('Algo deu errado');
    expect(screen.getByRole('alert').textContent).toContain('Atenção');
    expect(screen.queryByText('Perfil atualizado com sucesso.')).toBeNull();

    act(() => vi.advanceTimersByTime(1998));
    expect(screen.getByRole('alert')).toBeTruthy();
    // It goes at 2 s, and its slide out takes 1 ms when the system asks for less motion.
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Perfil atualizado com sucesso.');

    act(() => vi.advanceTimersByTime(2498));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2));
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with its action, named by its whole purpose, before the time is up', async () => {
    prefersReducedMotion(true);
    await renderWithProviders(<ToastsHost />);
    vi.useFakeTimers();
    act(() => showToast('error', 'error.http.forbidden'));
    const close = screen.getByRole('button', { name: 'Fechar mensagem' });
    expect(close.textContent).toBe('Fechar');
    act(() => close.click());
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('slides in and out in 250 ms, and at once for users who ask for less motion', async () => {
    prefersReducedMotion(false);
    const moving = await renderWithProviders(<ToastsHost />);
    act(() => showToast('success', 'profile.updated'));
    expect(slideOf(screen.getByRole('status'))).toBe('250ms, 250ms, 250ms');
    moving.unmount();
    act(() => notifications.clean());

    prefersReducedMotion(true);
    await renderWithProviders(<ToastsHost />);
    act(() => showToast('success', 'profile.updated'));
    expect(slideOf(screen.getByRole('status'))).toBe('1ms, 1ms, 1ms');
  });
});

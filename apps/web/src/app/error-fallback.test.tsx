import { getOrganizationInfoCall } from '@portal/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse } from '../../test/msw';
import { renderWithProviders } from '../../test/render';
import { ErrorFallback } from './error-fallback';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the error screen (docs/product/screens-and-routes.md#error-fallback)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the error and an event id where crypto.randomUUID does not exist (a non-secure context)', async () => {
    refuse(getOrganizationInfoCall, 'error.unknown', { status: 500 });
    // What a browser gives a page on plain HTTP (not localhost): getRandomValues, but no randomUUID.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(crypto.randomUUID).toBeUndefined();

    await renderWithProviders(<ErrorFallback error={new TypeError('boom')} />);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado nesta página' })).toBeTruthy();
    expect(screen.getByText('TypeError: boom')).toBeTruthy();
    const eventId = screen.getByText('Código do evento').nextElementSibling?.textContent ?? '';
    expect(eventId).toMatch(uuid);
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeTruthy();
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showSuccess } from '../lib/errors/error-display-store';
import { initI18n, loadRestOfCatalogue } from '../lib/i18n/i18n';
import { Providers } from './providers';

// @own-modules: the toasts' code must not be loaded yet (test/own-modules-tests.ts).
describe('the providers', () => {
  it('mount the toasts with the first one (their code is not on the first load)', async () => {
    await initI18n('pt-BR');
    await loadRestOfCatalogue();
    render(
      <Providers>
        <p>page</p>
      </Providers>,
    );
    expect(document.querySelector('[data-position]')).toBeNull();
    act(() => showSuccess('profile.updated'));
    expect((await screen.findByRole('status')).textContent).toContain('Perfil atualizado com sucesso.');
  });
});

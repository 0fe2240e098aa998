import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PasswordChangeForm } from './password-change-form';

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('the profile password form', () => {
  it('blocks save while a field is empty and says why; shows the mismatch after a submit', async () => {
    await renderWithProviders(<PasswordChangeForm onCancel={vi.fn()} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Preencha todos os campos para salvar.')).toBeTruthy();

    await user.type(field('Senha atual'), 'demo1234');
    await user.type(field('Nova senha'), 'nova1234');
    await user.type(field('Confirme a nova senha'), 'nova12345');
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('A confirmação deve ser igual à senha.')).toBeNull();

    await user.click(save());
    expect(await screen.findByText('A confirmação deve ser igual à senha.')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
  });
});

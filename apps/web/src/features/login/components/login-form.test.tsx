import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { LoginForm } from './login-form';

function setup() {
  const onSubmit = vi.fn();
  const rendered = renderWithProviders(
    <MemoryRouter>
      <LoginForm
        isSubmitting={false}
        onSubmit={onSubmit}
        forgotPasswordTo="/f"
        registerTo="/r"
        pausedNotice={null}
      />
    </MemoryRouter>,
  );
  return { onSubmit, rendered };
}

const email = () => screen.getByRole('textbox', { name: 'E-mail' });
const password = () => screen.getByLabelText('Senha', { selector: 'input' });
const enter = () => screen.getByRole('button', { name: 'Entrar' });

describe('the login form (docs/product form rules)', () => {
  it('shows no error before the first submit, then the translated messages, and disables enter', async () => {
    const { onSubmit, rendered } = setup();
    await rendered;
    const user = userEvent.setup();
    await user.type(email(), 'ana@');
    expect(screen.queryByText('Informe um e-mail válido.')).toBeNull();
    expect(enter().hasAttribute('disabled')).toBe(false);

    await user.click(enter());
    expect(await screen.findByText('Informe um e-mail válido.')).toBeTruthy();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(enter().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Corrija os campos indicados para continuar.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email(), 'demo.test');
    await user.type(password(), 'demo1234');
    await waitFor(() => expect(enter().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('Informe um e-mail válido.')).toBeNull();
    await user.click(enter());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ana@demo.test', password: 'demo1234' });
  });

  it('marks a valid field with a check mark', async () => {
    await setup().rendered;
    const user = userEvent.setup();
    expect(screen.queryAllByRole('img', { name: 'Campo válido' })).toHaveLength(0);
    await user.type(email(), 'ana@demo.test');
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Campo válido' })).toHaveLength(1));
  });
});

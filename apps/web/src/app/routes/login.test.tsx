import {
  type Account,
  confirmWebSessionCall,
  getAcceptedTermsCall,
  getAccountCall,
  startWebSessionCall,
} from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, refusal, sentRequests } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { drawnLogin } from '../../features/login/drawn-login';
import { sessionStore } from '../../lib/session/session-store';
import { Component as Login } from './login';

const account: Account = {
  login: 'ana@demo.test',
  email: 'ana@demo.test',
  firstName: 'Ana',
  activated: true,
  authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
  langKey: 'pt-BR',
  twoFactorEnabled: true,
  twoFactorRequired: false,
  pinSet: false,
};
const session = { expiresIn: 3600 };

describe('the login with a second factor (docs/product/account-security.md#login)', () => {
  let codeAnswers: (() => Response)[];
  const bodies = (call: typeof startWebSessionCall | typeof confirmWebSessionCall) =>
    sentRequests(call).map((request) => JSON.parse(request.text) as Record<string, string>);

  beforeEach(() => {
    codeAnswers = [];
    answer(startWebSessionCall, () => mfaRequired());
    answer(confirmWebSessionCall, () => codeAnswers.shift()?.() ?? session);
    answer(getAccountCall, account);
    answer(getAcceptedTermsCall, { acceptedTerms: true });
  });
  afterEach(() => {
    sessionStore.set({ signedIn: false, program: null });
  });

  async function render() {
    await renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Login />} />
          <Route path="/dashboard" element={<h1>Painel</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@demo.test');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    return user;
  }

  const mfaRequired = () => refusal('error.user.mfaRequired', { mfaToken: 'mfa-1' });

  it('asks for the code on the same screen, keeps the form on a wrong code, then logs in', async () => {
    codeAnswers = [() => refusal('error.user.otpInvalid')];
    const user = await render();
    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();
    const code = screen.getByLabelText('Código de verificação', { selector: 'input' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(sessionStore.get().signedIn).toBe(false);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('Código inválido. Confira o código no aplicativo e tente de novo.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();

    // The longer form: a recovery code.
    await user.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    const recovery = screen.getByLabelText('Código de recuperação', { selector: 'input' });
    expect(recovery.getAttribute('inputmode')).toBeNull();
    await user.type(recovery, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Painel' }, { timeout: 5000 })).toBeTruthy();

    // JSON, no client id or secret: the web sign-in (docs/product/accounts-and-sessions.md#web-session).
    expect(bodies(startWebSessionCall)).toEqual([{ username: 'ana@demo.test', password: 'demo1234' }]);
    expect(bodies(confirmWebSessionCall)).toEqual([
      { mfaToken: 'mfa-1', otp: '111111' },
      { mfaToken: 'mfa-1', otp: 'abcde-12345' },
    ]);
    expect(sessionStore.get().signedIn).toBe(true);
  });

  it('goes back to the password step, the email kept, when the code step has expired', async () => {
    codeAnswers = [() => refusal('error.user.mfaTokenInvalid')];
    const user = await render();
    const code = await screen.findByLabelText('Código de verificação', { selector: 'input' });
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText(
        'O tempo para informar o código acabou. Entre novamente com seu e-mail e senha.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acesse sua conta' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('ana@demo.test');
  });
});

describe('the login drawn by the server in answer to a login posted before the app took it over', () => {
  afterEach(() => {
    drawnLogin.set(null);
    sessionStore.set({ signedIn: false, program: null });
  });

  const renderLogin = () =>
    renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Login />} />
          <Route path="/dashboard" element={<h1>Painel</h1>} />
        </Routes>
      </MemoryRouter>,
    );

  it('starts as drawn: the refusal in place and the email kept; a new submit clears the message', async () => {
    answer(startWebSessionCall, () => refusal('error.invalidpassword'));
    drawnLogin.set({ email: 'ana@demo.test', refusal: 'error.user.notActivated' });
    await renderLogin();
    expect(screen.getByRole('alert').textContent).toBe('Seu cadastro ainda não foi ativado.');
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('ana@demo.test');
    // Once only: the next visit of / starts empty.
    expect(drawnLogin.get()).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByText('Seu cadastro ainda não foi ativado.')).toBeNull());
  });

  it('goes on to the code step with the one-use token the server drew the page with', async () => {
    answer(confirmWebSessionCall, session);
    answer(getAccountCall, account);
    answer(getAcceptedTermsCall, { acceptedTerms: true });
    drawnLogin.set({ email: 'ana@demo.test', mfaToken: 'mfa-drawn' });
    await renderLogin();
    const code = await screen.findByLabelText('Código de verificação', { selector: 'input' });
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Painel' }, { timeout: 5000 })).toBeTruthy();
    expect(sentRequests(confirmWebSessionCall).map((request) => JSON.parse(request.text))).toEqual([
      { mfaToken: 'mfa-drawn', otp: '123456' },
    ]);
  });
});

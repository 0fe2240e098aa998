import {
  type Account,
  disableTwoFactorCall,
  enableTwoFactorCall,
  endOtherSessionsCall,
  endSessionCall,
  type HttpMethod,
  listSessionsCall,
  type Session,
  setPinCall,
  setUpTwoFactorCall,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { SecuritySection } from './security-section';

const { showSuccess, reportError } = vi.hoisted(() => ({ showSuccess: vi.fn(), reportError: vi.fn() }));
vi.mock('../../../lib/errors/error-display-store', async (original) => ({
  ...(await original<typeof import('../../../lib/errors/error-display-store')>()),
  showSuccess,
  reportError,
}));

const account: Account = {
  login: 'ana@demo.test',
  email: 'ana@demo.test',
  firstName: 'Ana',
  activated: true,
  authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
  langKey: 'pt-BR',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  pinSet: false,
};

const sessions: Session[] = [
  {
    id: 11,
    device: 'Chrome 131 · Linux',
    address: '10.0.0.1',
    startedAt: '2026-11-23T12:00:00.000Z',
    lastUsedAt: '2026-11-23T13:00:00.000Z',
    current: true,
  },
  {
    id: 12,
    device: null,
    address: '10.0.0.2',
    startedAt: '2026-11-20T12:00:00.000Z',
    lastUsedAt: '2026-11-21T12:00:00.000Z',
    current: false,
  },
];

const otpauthUri =
  'otpauth://totp/Demo:ana%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo&algorithm=SHA1';
const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

describe('the profile’s security section', () => {
  const sent = (call: `${HttpMethod} ${string}`) => sentRequests(call);

  beforeEach(() => {
    answer(listSessionsCall, sessions);
    answer(setUpTwoFactorCall, { otpauthUri, qrSvg });
    answer(enableTwoFactorCall, { recoveryCodes });
    answer(setPinCall, undefined);
    answer(endSessionCall, undefined);
    answer(endOtherSessionsCall, { ended: 1 });
  });
  afterEach(() => {
    showSuccess.mockReset();
    reportError.mockReset();
  });

  async function render(onAccountChanged = vi.fn(), shown: Account = account) {
    await renderWithProviders(
      <MemoryRouter>
        <SecuritySection account={shown} issuer="Demo" onAccountChanged={onAccountChanged} />
      </MemoryRouter>,
    );
    return onAccountChanged;
  }
  const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

  it('enrols: password, then the QR code as an image and the key in groups of four, a code, then the ten recovery codes once', async () => {
    const onAccountChanged = await render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ativar a verificação em duas etapas' }));

    refuse(setUpTwoFactorCall, 'error.invalidpassword', {
      status: 400,
      fieldErrors: [{ field: 'password', message: 'error.invalidpassword' }],
    });
    await user.type(field('Senha atual'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // On the field, worded for it (the code's own text is the login's "user and/or password").
    expect(await screen.findByText('Senha incorreta.')).toBeTruthy();

    answer(setUpTwoFactorCall, { otpauthUri, qrSvg });
    await user.clear(field('Senha atual'));
    await user.type(field('Senha atual'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const qr = await screen.findByRole('img', { name: 'QR code para configurar o aplicativo autenticador' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    // The SVG is an image, never markup of the page.
    expect(document.querySelector('svg rect')).toBeNull();
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(sent('POST /api/webapp/account/two-factor/setup').at(-1)?.body).toEqual({ password: 'demo1234' });

    refuse(enableTwoFactorCall, 'error.user.otpInvalid');
    const code = field('Código do aplicativo');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, '12 34 56 7');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(
      await screen.findByText('Código inválido. Confira o código no aplicativo e tente de novo.'),
    ).toBeTruthy();
    expect(onAccountChanged).not.toHaveBeenCalled();

    answer(enableTwoFactorCall, { recoveryCodes });
    await user.clear(field('Código do aplicativo'));
    await user.type(field('Código do aplicativo'), '654321');
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(sent('POST /api/webapp/account/two-factor/enable').at(-1)?.body).toEqual({ code: '654321' });
    expect(onAccountChanged).toHaveBeenCalledTimes(1);
    // The sessions list is read again: turning the factor on ended the other sessions.
    await waitFor(() => expect(sent('GET /api/webapp/account/sessions').length).toBeGreaterThan(1));

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copiar os códigos' }));
    expect(writeText).toHaveBeenCalledWith(`Códigos de recuperação — Demo\n\n${recoveryCodes.join('\n')}\n`);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('security.codes.copied'));

    await user.click(screen.getByRole('button', { name: 'Já guardei os códigos' }));
    expect(screen.queryByRole('list', { name: 'Códigos de recuperação' })).toBeNull();
  });

  it('sets the PIN: the password, then six digits twice, which must match', async () => {
    const onAccountChanged = await render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cadastrar PIN' }));
    await user.type(field('Senha atual'), 'demo1234');
    await user.type(field('Novo PIN'), '1234');
    await user.type(field('Confirme o novo PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Salvar PIN' }));
    expect(await screen.findByText('O PIN deve ter 6 dígitos.')).toBeTruthy();
    await user.type(field('Novo PIN'), '57');
    expect(await screen.findByText('A confirmação deve ser igual ao PIN.')).toBeTruthy();
    expect(sent('PUT /api/webapp/account/pin')).toEqual([]);

    await user.clear(field('Confirme o novo PIN'));
    await user.type(field('Confirme o novo PIN'), '123457');
    await user.click(screen.getByRole('button', { name: 'Salvar PIN' }));
    await waitFor(() => expect(onAccountChanged).toHaveBeenCalled());
    expect(sent('PUT /api/webapp/account/pin')[0]?.body).toEqual({ password: 'demo1234', pin: '123457' });
    expect(showSuccess).toHaveBeenCalledWith('security.pin.saved');
  });

  it('lists the sessions, this device marked; ends one, and all the others', async () => {
    await render();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Este dispositivo')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Dispositivo desconhecido')).toBeTruthy();
    expect(within(rows[1]!).getByText('Endereço IP: 10.0.0.2')).toBeTruthy();

    await user.click(
      within(rows[1]!).getByRole('button', { name: /^Encerrar a sessão de Dispositivo desconhecido/ }),
    );
    await waitFor(() => expect(sent('DELETE /api/webapp/account/sessions/12')).toHaveLength(1));
    await waitFor(() => expect(sent('GET /api/webapp/account/sessions')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Encerrar todas as outras sessões' }));
    await waitFor(() => expect(sent('DELETE /api/webapp/account/sessions')).toHaveLength(1));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('security.sessions.ended-others', { count: '1' }),
    );
  });

  it('turns the factor off with the password and a code, which may be a recovery code', async () => {
    refuse(disableTwoFactorCall, 'error.user.otpInvalid');
    const onAccountChanged = await render(vi.fn(), { ...account, twoFactorEnabled: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    await user.type(field('Senha atual'), 'demo1234');
    const code = field('Código do aplicativo ou de recuperação');
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Desativar a verificação' }));
    expect(
      await screen.findByText('Código inválido. Confira o código no aplicativo e tente de novo.'),
    ).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    answer(disableTwoFactorCall, undefined);
    await user.clear(code);
    await user.type(code, 'fghij-67890');
    await user.click(screen.getByRole('button', { name: 'Desativar a verificação' }));
    await waitFor(() => expect(onAccountChanged).toHaveBeenCalled());
    expect(sent('POST /api/webapp/account/two-factor/disable').at(-1)?.body).toEqual({
      password: 'demo1234',
      code: 'fghij-67890',
    });
    expect(showSuccess).toHaveBeenCalledWith('security.2fa.disabled');
  });

  it('offers no way to turn off a factor the organization requires', async () => {
    await render(vi.fn(), { ...account, twoFactorEnabled: true, twoFactorRequired: true, pinSet: true });
    expect(screen.getByText('Ativada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desativar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Alterar PIN' })).toBeTruthy();
  });
});

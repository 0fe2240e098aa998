import {
  createAutoRuleCall,
  previewAutoRuleCall,
  previewNewAutoRuleCall,
  updateAutoRuleCall,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type Reply, refusal } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { RuleForm } from './rule-form';
import { anEstimate, aRule, sentCalls } from './test-data';

const { showSuccess, reportError } = vi.hoisted(() => ({ showSuccess: vi.fn(), reportError: vi.fn() }));
vi.mock('../../../lib/errors/error-display-store', async (original) => ({
  ...(await original<typeof import('../../../lib/errors/error-display-store')>()),
  showSuccess,
  reportError,
}));

/** Text as read, the currency's no-break space as a plain one. */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Salvar regra' });
const preview = () => screen.getByTestId('rule-preview');

describe('the rule form', () => {
  let previewAnswer: () => Reply<typeof previewNewAutoRuleCall>;
  let saveAnswer: () => Reply<typeof createAutoRuleCall>;
  beforeEach(() => {
    previewAnswer = () => ({ estimate: anEstimate(2) });
    saveAnswer = () => aRule({ time: '11:15' });
    answer(previewNewAutoRuleCall, () => previewAnswer());
    answer(previewAutoRuleCall, () => previewAnswer());
    answer(createAutoRuleCall, () => saveAnswer());
    answer(updateAutoRuleCall, () => saveAnswer());
  });
  afterEach(() => {
    showSuccess.mockReset();
    reportError.mockReset();
  });

  const previews = () => sentCalls().filter((call) => call.path.endsWith('/preview'));
  const saves = () => sentCalls().filter((call) => !call.path.endsWith('/preview'));

  it('shows what the new rule would take now before it is saved, and follows the draft', async () => {
    await renderWithProviders(<RuleForm programProviderId={3} rule={null} onClose={vi.fn()} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Nova regra automática' })).toBe(document.activeElement);
    await waitFor(() => expect(text(preview())).toContain('R$ 2.921,50'), { timeout: 3000 });
    const figures = within(preview()).getAllByRole('definition').map(text);
    expect(figures).toEqual(['2', 'R$ 2.921,50', 'R$ 78,50', '2,68%']);
    expect(previews()).toEqual([
      {
        method: 'POST',
        path: '/api/webapp/auto-rules/preview',
        body: {
          programProviderId: 3,
          time: '10:00',
          maxMonthlyCost: null,
          minDays: null,
          maxDays: null,
          minCreditValue: null,
          maxTotalPerDay: null,
        },
      },
    ]);

    // A filter that leaves nothing: the preview says so.
    previewAnswer = () => ({ estimate: null });
    await user.type(field('Custo efetivo máximo (% ao mês)'), '1,5');
    await waitFor(() => expect(text(preview())).toContain('Nada a antecipar agora'), { timeout: 3000 });
    expect(previews().at(-1)?.body).toMatchObject({ maxMonthlyCost: 1.5 });
    expect(saves()).toEqual([]);
  });

  it('shows the contract’s messages on the fields after a submit, sends nothing, and has no preview meanwhile', async () => {
    await renderWithProviders(<RuleForm programProviderId={3} rule={null} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(field('Vencimento a partir de (dias)'), '30');
    await user.type(field('Vencimento até (dias)'), '10');
    await user.type(field('Limite líquido por dia'), '0');
    await user.click(save());
    expect(await screen.findByText('O prazo máximo deve ser maior ou igual ao mínimo.')).toBeTruthy();
    expect(screen.getByText('Valor em reais inválido.')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(text(preview())).toContain('Corrija os campos para ver a prévia.'), {
      timeout: 3000,
    });
    expect(saves()).toEqual([]);
  });

  it('puts the server’s time-outside-the-window refusal on the time field; a success closes with a toast', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<RuleForm programProviderId={3} rule={null} onClose={onClose} />);
    const user = userEvent.setup();
    saveAnswer = () =>
      refusal('error.autoRule.timeOutsideWindow', {
        fieldErrors: [{ field: 'time', message: 'validation.invalid' }],
      });
    await user.click(save());
    expect(
      await screen.findByText('Escolha um horário dentro do horário de solicitações do programa.'),
    ).toBeTruthy();
    expect(field('Horário').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'error.autoRule.timeOutsideWindow' }),
      undefined,
    );

    saveAnswer = () => aRule({ time: '11:15' });
    await user.clear(field('Horário'));
    await user.type(field('Horário'), '11:15');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(showSuccess).toHaveBeenCalledWith('automation.rule.created', { time: '11:15' });
    expect(saves().at(-1)).toEqual({
      method: 'POST',
      path: '/api/webapp/auto-rules',
      body: {
        programProviderId: 3,
        time: '11:15',
        maxMonthlyCost: null,
        minDays: null,
        maxDays: null,
        minCreditValue: null,
        maxTotalPerDay: null,
        active: true,
      },
    });
  });

  it('edits a saved rule: its settings in the fields, the whole settings sent with PUT', async () => {
    const onClose = vi.fn();
    const rule = aRule({ active: false });
    saveAnswer = () => ({ ...rule, maxTotalPerDay: 7500.5 });
    await renderWithProviders(<RuleForm programProviderId={3} rule={rule} onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Editar a regra das 09:30' })).toBeTruthy();
    expect(field('Custo efetivo máximo (% ao mês)')).toHaveProperty('value', '2,5');
    expect(field('Vencimento até (dias)')).toHaveProperty('value', '60');
    expect(screen.getByRole('switch', { name: 'Regra ativa' })).toHaveProperty('checked', false);
    await user.clear(field('Limite líquido por dia'));
    await user.type(field('Limite líquido por dia'), '7500,5');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves().at(-1)).toEqual({
      method: 'PUT',
      path: '/api/webapp/auto-rules/7',
      body: {
        time: '09:30',
        maxMonthlyCost: 2.5,
        minDays: 10,
        maxDays: 60,
        minCreditValue: null,
        maxTotalPerDay: 7500.5,
        active: false,
      },
    });
    expect(showSuccess).toHaveBeenCalledWith('automation.rule.saved', { time: '09:30' });
  });
});

describe('the rule form in a program that requires the transaction PIN', () => {
  let saveAnswer: () => Reply<typeof createAutoRuleCall>;
  beforeEach(() => {
    saveAnswer = () => aRule({ time: '10:00' });
    answer(previewNewAutoRuleCall, { estimate: null });
    answer(createAutoRuleCall, () => saveAnswer());
  });
  afterEach(() => {
    showSuccess.mockReset();
    reportError.mockReset();
  });
  const saves = () => sentCalls().filter((call) => !call.path.endsWith('/preview'));

  it('asks for the 6-digit PIN, sends it with the rule and never with the preview; a wrong one is said on the field', async () => {
    const onClose = vi.fn();
    await renderWithProviders(
      <MemoryRouter>
        <RuleForm programProviderId={3} rule={null} onClose={onClose} requirePin />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(save());
    expect(await screen.findByText('O PIN deve ter 6 dígitos.')).toBeTruthy();
    expect(saves()).toEqual([]);

    saveAnswer = () => refusal('error.user.pinMismatch');
    await user.type(field('PIN de transação'), '12a3456');
    expect((field('PIN de transação') as HTMLInputElement).value).toBe('123456');
    await user.click(save());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ programProviderId: 3, time: '10:00', pin: '123456' });
    expect(await screen.findByText('O PIN não confere.')).toBeTruthy();
    expect(field('PIN de transação').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    for (const call of sentCalls().filter((c) => c.path.endsWith('/preview'))) {
      expect(call.body).not.toHaveProperty('pin');
    }

    // A server error blocks the save until the PIN is typed again.
    expect(save().hasAttribute('disabled')).toBe(true);
    saveAnswer = () => refusal('error.user.pinNotRegistered');
    await user.clear(field('PIN de transação'));
    await user.type(field('PIN de transação'), '654321');
    await user.click(save());
    const link = await screen.findByRole('link', { name: 'Cadastrar meu PIN no perfil' });
    expect(link.getAttribute('href')).toBe('/profile#security');

    saveAnswer = () => aRule({ time: '10:00' });
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves().at(-1)?.body).toMatchObject({ pin: '654321' });
  });
});

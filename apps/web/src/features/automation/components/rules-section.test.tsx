import {
  type AutoRule,
  deleteAutoRuleCall,
  listAutoRuleRunsCall,
  listAutoRulesCall,
  previewNewAutoRuleCall,
  updateAutoRuleCall,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { RulesSection } from './rules-section';
import { aRule, runs, sentCalls } from './test-data';

const { showSuccess, reportError } = vi.hoisted(() => ({ showSuccess: vi.fn(), reportError: vi.fn() }));
vi.mock('../../../lib/errors/error-display-store', async (original) => ({
  ...(await original<typeof import('../../../lib/errors/error-display-store')>()),
  showSuccess,
  reportError,
}));

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

describe('the rules of a participation', () => {
  let rules: AutoRule[] = [];
  beforeEach(() => {
    rules = [
      aRule(),
      aRule({
        id: 8,
        time: '14:00',
        maxMonthlyCost: null,
        minDays: null,
        maxDays: null,
        maxTotalPerDay: null,
        active: false,
      }),
    ];
    answer(listAutoRulesCall, () => rules);
    answer(listAutoRuleRunsCall, runs);
    answer(updateAutoRuleCall, async ({ request, params }) => {
      const id = Number(params.id);
      const saved: AutoRule = { ...rules.find((rule) => rule.id === id)!, ...(await request.json()) };
      rules = rules.map((rule) => (rule.id === id ? saved : rule));
      return saved;
    });
    answer(deleteAutoRuleCall, ({ params }) => {
      rules = rules.filter((rule) => rule.id !== Number(params.id));
      return undefined;
    });
  });
  afterEach(() => {
    showSuccess.mockReset();
    reportError.mockReset();
  });

  const open = () =>
    renderWithProviders(
      <MemoryRouter>
        <RulesSection programProviderId={3} isActive />
      </MemoryRouter>,
    );
  const card = (time: string) => screen.getByRole('article', { name: `Todo dia útil às ${time}` });

  it('lists each rule in words with its state', async () => {
    await open();
    const first = await screen.findByRole('article', { name: 'Todo dia útil às 09:30' });
    expect(text(first)).toContain(
      'Antecipa títulos com custo efetivo de até 2,5% ao mês e que vencem em 10 a 60 dias.',
    );
    expect(text(first)).toContain(
      'No máximo R$ 5.000,00 líquidos por dia, os títulos mais baratos primeiro.',
    );
    expect(within(first).getByTestId('rule-status').textContent).toBe('Ativa');
    const second = card('14:00');
    expect(text(second)).toContain('Antecipa todos os títulos disponíveis.');
    expect(text(second)).toContain('Sem limite por dia.');
    expect(within(second).getByTestId('rule-status').textContent).toBe('Pausada');
    expect(sentCalls()[0]).toMatchObject({ path: '/api/webapp/auto-rules?programProviderId=3' });
  });

  it('pauses a rule with its whole settings, and shows it paused once the list is read again', async () => {
    await open();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Todo dia útil às 09:30' });
    await user.click(within(card('09:30')).getByRole('button', { name: 'Pausar a regra das 09:30' }));
    await waitFor(() => expect(within(card('09:30')).getByTestId('rule-status').textContent).toBe('Pausada'));
    expect(sentCalls().find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/webapp/auto-rules/7',
      body: {
        time: '09:30',
        maxMonthlyCost: 2.5,
        minDays: 10,
        maxDays: 60,
        minCreditValue: null,
        maxTotalPerDay: 5000,
        active: false,
      },
    });
    expect(showSuccess).toHaveBeenCalledWith('automation.rule.paused-now', { time: '09:30' });
    expect(within(card('09:30')).getByRole('button', { name: 'Retomar a regra das 09:30' })).toBeTruthy();
  });

  it('in a program that requires the PIN, pausing asks for it in place and sends it with the settings', async () => {
    await renderWithProviders(
      <MemoryRouter>
        <RulesSection programProviderId={3} isActive requirePin />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Todo dia útil às 09:30' });
    await user.click(within(card('09:30')).getByRole('button', { name: 'Pausar a regra das 09:30' }));
    const pin = within(card('09:30')).getByLabelText('PIN de transação', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(pin));
    expect(sentCalls().some((call) => call.method === 'PUT')).toBe(false);
    await user.type(pin, '123456');
    await user.click(within(card('09:30')).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(within(card('09:30')).getByTestId('rule-status').textContent).toBe('Pausada'));
    expect(sentCalls().find((call) => call.method === 'PUT')?.body).toMatchObject({
      active: false,
      pin: '123456',
    });
    expect(within(card('09:30')).queryByLabelText('PIN de transação')).toBeNull();
  });

  it('asks before deleting, keep first; deleting removes the card and focuses the section', async () => {
    await open();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Todo dia útil às 14:00' });
    await user.click(within(card('14:00')).getByRole('button', { name: 'Excluir a regra das 14:00' }));
    const question = within(card('14:00')).getByRole('group', { name: /^Excluir a regra das 14:00\?/ });
    const keep = within(question).getByRole('button', { name: 'Manter regra' });
    expect(keep).toBe(document.activeElement);
    await user.click(keep);
    const remove = within(card('14:00')).getByRole('button', { name: 'Excluir a regra das 14:00' });
    await waitFor(() => expect(remove).toBe(document.activeElement));
    expect(sentCalls().some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Sim, excluir' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Todo dia útil às 14:00' })).toBeNull());
    expect(sentCalls().find((call) => call.method === 'DELETE')?.path).toBe('/api/webapp/auto-rules/8');
    expect(showSuccess).toHaveBeenCalledWith('automation.rule.deleted', { time: '14:00' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Antecipação automática' })).toBe(document.activeElement),
    );
  });

  it('shows a rule’s runs on demand: date, status, the reason in words, the request made', async () => {
    await open();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Todo dia útil às 09:30' });
    const toggle = within(card('09:30')).getByRole('button', { name: 'Execuções da regra das 09:30' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = await within(card('09:30')).findAllByRole('listitem');
    expect(items.map(text)).toEqual([
      '23/11/2026AntecipouSolicitação nº 42',
      '20/11/2026FalhouCadastre uma conta bancária em Perfil > Conta bancária e faça a solicitação novamente.',
      '19/11/2026Nada a antecipar' + 'Nenhum título disponível passou pelos filtros da regra.',
      '18/11/2026Não rodou' +
        'O sistema estava fora do ar no horário da regra e as solicitações do dia já tinham encerrado quando voltou.',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Solicitação nº 42' }).getAttribute('href')).toBe(
      '/anticipation/history/42',
    );
    expect(sentCalls().at(-1)?.path).toBe('/api/webapp/auto-rules/7/runs');
  });

  it('opens the form for a new rule in place of the list, and comes back to it', async () => {
    answer(previewNewAutoRuleCall, { estimate: null });
    await open();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Todo dia útil às 09:30' });
    await user.click(screen.getByRole('button', { name: 'Nova regra' }));
    expect(screen.getByRole('heading', { name: 'Nova regra automática' })).toBe(document.activeElement);
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('article', { name: 'Todo dia útil às 09:30' })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { inboxTexts } from './inbox-texts';

describe('the words of CREDITS_WITHDRAWN (docs/product/platform-api.md#withdraw)', () => {
  const title = (locale: Parameters<typeof inboxTexts>[0], count: number) =>
    inboxTexts(locale, 'CREDITS_WITHDRAWN', { count, companyName: 'Alfa' }).title;

  it('says how many were withdrawn by the buyer, singular and plural, in the four languages', () => {
    expect([title('pt-BR', 1), title('pt-BR', 3)]).toEqual([
      '1 título retirado pelo sacado',
      '3 títulos retirados pelo sacado',
    ]);
    expect([title('pt-PT', 1), title('pt-PT', 3)]).toEqual([
      '1 fatura retirada pelo devedor',
      '3 faturas retiradas pelo devedor',
    ]);
    expect([title('en', 1), title('en', 3)]).toEqual([
      '1 invoice withdrawn by the buyer',
      '3 invoices withdrawn by the buyer',
    ]);
    expect([title('en-ZA', 1), title('en-ZA', 3)]).toEqual([
      '1 invoice withdrawn by the buyer',
      '3 invoices withdrawn by the buyer',
    ]);
  });

  it('names the company in the message', () => {
    expect(inboxTexts('pt-PT', 'CREDITS_WITHDRAWN', { count: 2, companyName: 'Alfa' }).message).toBe(
      'As faturas da empresa Alfa deixaram de estar disponíveis para antecipação: o devedor cancelou-as ou pagou-as de outra forma.',
    );
  });
});

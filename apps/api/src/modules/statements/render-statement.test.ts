import type { BatchCredit } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { money, pdfPageTexts as pageTexts } from '../../../test/pdf-text';
import { LOCALES } from '../../mail/templates/locale';
import { renderStatement, toWinAnsi } from './render-statement';
import type { StatementInput } from './statement-input';

/** One credit as the estimate prices it: every figure in reais, rounded to the centavo. */
function credit(n: number, originalValue: number): BatchCredit {
  const investorDiscount = round(originalValue * 0.0142);
  const platformFee = round(originalValue * 0.0031);
  const dailyIof = round(originalValue * 0.00041);
  const fixedIof = round(originalValue * 0.0038);
  const bankFee = 8.9;
  const discount = round(investorDiscount + platformFee);
  return {
    id: 9000 + n,
    nfNumber: String(400000 + n),
    nfSerial: '1',
    installmentNumber: 1 + (n % 3),
    expireDate: `2027-01-${String(1 + (n % 28)).padStart(2, '0')}`,
    originalValue,
    discount,
    investorDiscount,
    platformFee,
    dailyIof,
    fixedIof,
    bankFee,
    anticipation: round(originalValue - discount - dailyIof - fixedIof - bankFee),
    days: 36 + (n % 28),
    invoiceKey: null,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function sum(credits: BatchCredit[], pick: (c: BatchCredit) => number): number {
  return round(credits.reduce((total, c) => total + pick(c), 0));
}

function statement(credits: BatchCredit[], overrides: Partial<StatementInput> = {}): StatementInput {
  return {
    locale: 'pt-BR',
    organizationName: 'Banco Alfa Antecipações',
    company: {
      name: 'Indústria de Embalagens São João Ltda',
      identification: '21534876000198',
      bankAccount: '341 / 1234 / ****5678',
    },
    program: {
      name: 'Programa Fornecedores Conceição',
      buyerName: 'Supermercados Conceição S.A.',
      buyerIdentification: '43117052000130',
      funderName: 'Banco Sul Fomento S.A.',
    },
    batch: {
      id: 1287,
      status: 'REQUESTED',
      requestedAt: '2026-11-24T13:31:00.000Z',
      paymentDate: '2026-11-26',
      rejectionReason: null,
      paymentReference: null,
      value: sum(credits, (c) => c.originalValue),
      discount: sum(credits, (c) => c.discount),
      fees: sum(credits, (c) => c.bankFee),
      iof: sum(credits, (c) => c.dailyIof + c.fixedIof),
      total: sum(credits, (c) => c.anticipation),
    },
    credits,
    generatedAt: '2026-11-24T13:35:12.000Z',
    timezone: 'America/Sao_Paulo',
    ...overrides,
  };
}

const threeCredits = [credit(1, 10_000.5), credit(2, 2_345.67), credit(3, 148_900)];

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('renderStatement', () => {
  it('prints the company with the request’s masked bank account, the request, each credit and the totals', async () => {
    const input = statement(threeCredits);
    const text = (await pageTexts(await renderStatement(input))).join('\n');

    expect(text).toContain('Extrato da solicitação de antecipação nº 1287');
    expect(text).toContain('Banco Alfa Antecipações');
    expect(text).toContain('Indústria de Embalagens São João Ltda');
    expect(text).toContain('21.534.876/0001-98');
    expect(text).toContain('43.117.052/0001-30');
    expect(text).toContain('Conta bancária 341 / 1234 / ****5678');
    expect(text).toContain('Financiador Banco Sul Fomento S.A.');
    expect(text).toContain('1287');
    expect(text).toContain('24/11/2026 10:31');
    expect(text).toContain('26/11/2026');
    expect(text).toContain('Solicitada');
    for (const c of threeCredits) {
      expect(text).toContain(`${c.nfNumber}/${c.nfSerial}`);
      expect(text).toContain(money('pt-BR', c.anticipation));
    }
    expect(text).toContain('R$ 10.000,50');
    for (const total of ['value', 'discount', 'iof', 'fees', 'total'] as const) {
      expect(text).toContain(money('pt-BR', input.batch[total]));
    }
    expect(text).toContain('Gerado em 24/11/2026 10:35');
    expect(text).toContain('1 / 1');
  });

  it('prints the payment’s reference of a paid request', async () => {
    const input = statement(threeCredits);
    input.batch = { ...input.batch, status: 'PAID', paymentReference: 'E00000000202611241331abcdef012345' };
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('Referência do pagamento');
    // A Pix end-to-end id (32 characters) wraps in the right column's width.
    expect(text.replace(/\s+/g, '')).toContain('ReferênciadopagamentoE00000000202611241331abcdef012345');
    const requested = (await pageTexts(await renderStatement(statement(threeCredits)))).join('\n');
    expect(requested).not.toContain('Referência do pagamento');
  });

  it('prints a dash for a request kept without a bank account', async () => {
    const input = statement(threeCredits);
    input.company = { ...input.company, bankAccount: null };
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('Conta bancária -');
  });

  it('prints alphanumeric CNPJs with their mask (docs/product/identification.md#display)', async () => {
    const input = statement(threeCredits);
    input.company = { ...input.company, identification: '12ABC34501DE35' };
    input.program = { ...input.program, buyerIdentification: 'A1B2C3D4E5F668' };
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('12.ABC.345/01DE-35');
    expect(text).toContain('CNPJ A1.B2C.3D4/E5F6-68');
  });

  it("prints a credit's NF-e access key under its row, in blocks of 4", async () => {
    const [first, ...rest] = threeCredits;
    const key = '35260311444777000161550010001000001000000011';
    const input = statement([{ ...first!, invoiceKey: key }, ...rest]);
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('Chave de acesso da NF-e: 3526 0311 4447 7700 0161 5500 1000 1000 0010 0000 0011');
    expect(text.match(/Chave de acesso/g)).toHaveLength(1);
  });

  it("prints the request's own totals, not the credits summed again", async () => {
    const input = statement(threeCredits);
    input.batch = { ...input.batch, total: 123_456.78, value: 234_567.89 };
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('R$ 123.456,78');
    expect(text).toContain('R$ 234.567,89');
  });

  it.each([
    ['pt-BR', 'Extrato da solicitação de antecipação nº 1287', 'Paga', 'Financiador'],
    ['pt-PT', 'Extrato do pedido de antecipação n.º 1287', 'Pago', 'Financiador'],
    ['en', 'Early payment request statement #1287', 'Paid', 'Funder'],
    ['en-ZA', 'Early payment request statement #1287', 'Paid', 'Funder'],
  ] as const)('speaks %s', async (locale, title, status, funder) => {
    const input = statement(threeCredits, { locale });
    input.batch.status = 'PAID';
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain(title);
    expect(text).toContain(status);
    expect(text).toContain(`${funder} Banco Sul Fomento S.A.`);
    expect(text).toContain(money(locale, input.batch.total));
  });

  it('translates every status in every locale', async () => {
    const words = {
      'pt-BR': ['Solicitada', 'Paga', 'Recusada', 'Cancelada'],
      'pt-PT': ['Pedido', 'Pago', 'Recusado', 'Cancelado'],
      en: ['Requested', 'Paid', 'Rejected', 'Cancelled'],
      'en-ZA': ['Requested', 'Paid', 'Rejected', 'Cancelled'],
    } as const;
    const label = { 'pt-BR': 'Situação', 'pt-PT': 'Estado', en: 'Status', 'en-ZA': 'Status' } as const;
    for (const locale of LOCALES) {
      for (const [i, status] of (['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED'] as const).entries()) {
        const input = statement(threeCredits.slice(0, 1), { locale });
        input.batch.status = status;
        const text = (await pageTexts(await renderStatement(input))).join('\n');
        expect(text).toContain(`${label[locale]} ${words[locale][i]}`);
      }
    }
  });

  it('shows why a request was rejected', async () => {
    const input = statement(threeCredits);
    input.batch = {
      ...input.batch,
      status: 'REJECTED',
      rejectionReason: 'Nota fiscal 400002 cancelada pelo emitente.',
    };
    input.program.buyerIdentification = '52998224725';
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('Recusada');
    expect(text).toContain('Motivo da recusa');
    expect(text).toContain('Nota fiscal 400002 cancelada pelo emitente.');
    expect(text).toContain('CPF 529.982.247-25');
  });

  it('flows 120 credits onto several pages, each once, numbered n / N', async () => {
    const credits = Array.from({ length: 120 }, (_, i) => credit(i + 1, 1_000 + i * 37.25));
    const pages = await pageTexts(await renderStatement(statement(credits)));
    const count = pages.length;
    expect(count).toBeGreaterThan(2);
    const all = pages.join('\n');
    for (const c of credits) expect(occurrences(all, ` ${c.nfNumber}/1 `)).toBe(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`${i + 1} / ${count}`);
      // The header is repeated on every page the table reaches (all of them here).
      expect(page).toContain('Nota fiscal / série');
    });
    expect(pages.at(-1)).toContain('Valor líquido a receber');
  });

  it('draws texts outside WinAnsi with the nearest character it has', async () => {
    expect(toWinAnsi('R$\u202f10,00')).toBe('R$\u00a010,00');
    expect(toWinAnsi('A–B “C” €')).toBe('A–B “C” €');
    expect(toWinAnsi('Łódź\u200b 🙂')).toBe('?ódz ?');
    const input = statement(threeCredits);
    input.company.name = 'Comércio Ação–Sul\u202fLtda';
    const text = (await pageTexts(await renderStatement(input))).join('\n');
    expect(text).toContain('Comércio Ação–Sul Ltda');
  });

  it('is a PDF, the same bytes for the same input', async () => {
    const input = statement(threeCredits);
    const first = await renderStatement(input);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const second = await renderStatement(structuredClone(input));
    expect(second.equals(first)).toBe(true);
  });
});

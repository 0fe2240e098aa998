import { describe, expect, it } from 'vitest';
import { securityNoticeKinds } from '../db/schema/security-notices.js';
import {
  batchReceiptMail,
  creditsArrivedMail,
  creditsWithdrawnMail,
  escapeHtml,
  inviteMail,
  LOCALES,
  normalizeLocale,
  passwordResetMail,
  securityNoticeMail,
} from './templates/index.js';

const link = 'https://portal.test/password-reset/abc123';
const reset = (locale?: string) =>
  passwordResetMail({ locale, link, organizationName: 'Giro Demo', supportPhone: '+55 11 4000-0000' });

describe('normalizeLocale', () => {
  it.each([
    ['pt', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt-pt', 'pt-PT'],
    ['pt_PT', 'pt-PT'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-za', 'en-ZA'],
    ['en_ZA', 'en-ZA'],
    ['fr', 'pt-BR'],
    ['', 'pt-BR'],
    [undefined, 'pt-BR'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });
});

describe('passwordResetMail', () => {
  it('speaks each locale', () => {
    expect(reset('pt-BR').subject).toBe('Redefinição de senha – Giro Demo');
    expect(reset('en').subject).toBe('Reset your password – Giro Demo');
    expect(reset('pt-BR').subject).not.toBe(reset('en').subject);

    const ptPT = reset('pt-PT');
    expect(ptPT.subject).toContain('palavra-passe');
    expect(ptPT.text).toContain('palavra-passe');
    expect(ptPT.text).not.toMatch(/senha/i);
    expect(reset('pt-BR').text).not.toContain('palavra-passe');
  });

  it('falls back to pt-BR for an unknown or absent locale', () => {
    expect(reset('de-DE')).toEqual(reset('pt-BR'));
    expect(reset(undefined)).toEqual(reset('pt-BR'));
  });

  it('carries the link in text and HTML, and the support phone only when there is one', () => {
    for (const locale of LOCALES) {
      const mail = reset(locale);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.text).toContain('+55 11 4000-0000');
    }
    const noPhone = passwordResetMail({ link, organizationName: 'Giro Demo' });
    expect(noPhone.text).not.toContain('suporte');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const bad of ['javascript:alert(1)', '/password-reset/abc', 'https://x.test/a\nb']) {
      expect(() => passwordResetMail({ link: bad, organizationName: 'O' })).toThrow(TypeError);
    }
  });
});

describe('HTML escaping', () => {
  const evil = '<script>alert("x")</script> & Cia';

  it('escapes the company name of an invite', () => {
    const mail = inviteMail({
      locale: 'pt-BR',
      link: 'https://portal.test/accept-invite/t?a=1&b=2',
      companyName: evil,
      organizationName: 'Giro Demo',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia');
    expect(mail.html).toContain('href="https://portal.test/accept-invite/t?a=1&amp;b=2"');
    expect(mail.text).toContain(evil); // the text part is plain text: shown as typed
  });

  it('escapes every value of the batch receipt', () => {
    const mail = batchReceiptMail({
      locale: 'en-ZA',
      organizationName: 'Org <b>',
      companyName: evil,
      companyIdentification: '11222333000181',
      programName: 'Prog "1"',
      funderName: 'Banco <i>Sul</i>',
      batchId: 42,
      netValue: 'R$ 9.850,00',
      paymentDate: '18/02/2026',
      creditCount: 3,
    });
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain('Prog &quot;1&quot;');
    expect(mail.html).toContain('Banco &lt;i&gt;Sul&lt;/i&gt;');
    expect(mail.subject).toBe('Early payment request #42 received – Org <b>');
    expect(mail.text).toContain('Net amount to receive: R$ 9.850,00');
    expect(mail.text).toContain('Programme: Prog "1"');
    expect(batchReceiptMail({ ...baseReceipt, locale: 'pt-PT' }).subject).toBe(
      'Pedido de antecipação n.º 7 recebido – Giro Demo',
    );
    expect(batchReceiptMail(baseReceipt).text).toContain('Quantidade de títulos: 2');
  });

  it('names who pays, in each language (docs/product/requests.md#funder)', () => {
    const funderLine = (locale: string) =>
      batchReceiptMail({ ...baseReceipt, locale })
        .text.split('\n')
        .find((line) => line.includes('Banco Sul'));
    expect(funderLine('pt-BR')).toBe('Financiador: Banco Sul Fomento S.A.');
    expect(funderLine('pt-PT')).toBe('Financiador: Banco Sul Fomento S.A.');
    expect(funderLine('en')).toBe('Funder: Banco Sul Fomento S.A.');
    expect(funderLine('en-ZA')).toBe('Funder: Banco Sul Fomento S.A.');
    expect(batchReceiptMail(baseReceipt).html).toContain('Banco Sul Fomento S.A.');
  });

  it("names the company's CNPJ with its mask, alphanumeric too (docs/product/identification.md#display)", () => {
    expect(batchReceiptMail(baseReceipt).text).toContain('CNPJ: 12.ABC.345/01DE-35');
    expect(batchReceiptMail(baseReceipt).html).toContain('12.ABC.345/01DE-35');
    expect(batchReceiptMail({ ...baseReceipt, companyIdentification: '52998224725' }).text).toContain(
      'CPF: 529.982.247-25',
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

const baseReceipt = {
  organizationName: 'Giro Demo',
  companyName: 'Acme',
  companyIdentification: '12ABC34501DE35',
  programName: 'Programa Varejo',
  funderName: 'Banco Sul Fomento S.A.',
  batchId: '7',
  netValue: 'R$ 1,00',
  paymentDate: '01/01/2026',
  creditCount: 2,
};

describe('creditsArrivedMail', () => {
  const arrivals = [
    { companyName: 'Alfa <Componentes>', programName: 'Horizonte', count: 1, value: 'R$ 5.000,00' },
    { companyName: 'Beta Serviços', programName: 'Obras', count: 12, value: 'R$ 60.112,72' },
  ];
  const digest = (locale: string) =>
    creditsArrivedMail({
      locale,
      organizationName: 'Giro Demo',
      link: 'https://portal.test/dashboard',
      arrivals,
    });

  it('names each company and program with its count, singular and plural, in each locale', () => {
    expect(digest('pt-BR').text).toContain(
      'Programa Horizonte · Alfa <Componentes>: 1 título, R$ 5.000,00\nPrograma Obras · Beta Serviços: 12 títulos, R$ 60.112,72',
    );
    expect(digest('en').text).toContain(
      'Horizonte program · Alfa <Componentes>: 1 invoice, R$ 5.000,00\nObras program · Beta Serviços: 12 invoices, R$ 60.112,72',
    );
    expect(digest('pt-PT').text).toContain('Chegaram novos títulos que pode antecipar:');
    expect(digest('pt-BR').subject).toBe('Novos títulos disponíveis – Giro Demo');
    expect(digest('en-ZA').subject).toBe('New invoices available – Giro Demo');
  });

  it('escapes the names in HTML', () => {
    expect(digest('pt-BR').html).toContain('Alfa &lt;Componentes&gt;');
    expect(digest('pt-BR').html).not.toContain('<Componentes>');
  });
});

describe('creditsWithdrawnMail', () => {
  const withdrawals = [
    { companyName: 'Alfa <Componentes>', text: '3 títulos retirados pelo sacado' },
    { companyName: 'Beta Serviços', text: '1 título retirado pelo sacado' },
  ];
  const digest = (locale?: string) =>
    creditsWithdrawnMail({
      locale,
      organizationName: 'Giro Demo',
      link: 'https://portal.test/dashboard',
      withdrawals,
    });

  it('lists each company with its line, in each locale, with the portal’s link in text and HTML', () => {
    expect(digest('pt-BR').text).toContain(
      'Alfa <Componentes>: 3 títulos retirados pelo sacado\nBeta Serviços: 1 título retirado pelo sacado',
    );
    expect(digest('pt-BR').subject).toBe('Títulos retirados pelo sacado – Giro Demo');
    expect(digest('pt-PT').subject).toBe('Faturas retiradas pelo devedor – Giro Demo');
    expect(digest('pt-PT').text).toContain('O devedor cancelou algumas faturas');
    expect(digest('en').subject).toBe('Invoices withdrawn by the buyer – Giro Demo');
    expect(digest('en-ZA').subject).toBe('Invoices withdrawn by the buyer – Giro Demo');
    for (const locale of LOCALES) {
      expect(digest(locale).text).toContain('https://portal.test/dashboard');
      expect(digest(locale).html).toContain('href="https://portal.test/dashboard"');
    }
  });

  it('falls back to pt-BR for an unknown or absent locale, and escapes the names in HTML', () => {
    expect(digest('de-DE')).toEqual(digest('pt-BR'));
    expect(digest(undefined)).toEqual(digest('pt-BR'));
    expect(digest('pt-BR').html).toContain('Alfa &lt;Componentes&gt;');
    expect(digest('pt-BR').html).not.toContain('<Componentes>');
  });
});

describe('securityNoticeMail', () => {
  const kinds = securityNoticeKinds;
  const notice = (
    locale: string,
    kind: (typeof kinds)[number],
    supportPhone: string | null = '+55 11 4000-0000',
  ) =>
    securityNoticeMail({
      locale,
      kind,
      organizationName: 'Giro Demo',
      login: 'ana@example.test',
      when: '10/03/2026 10:00 GMT-3',
      resetLink: 'https://portal.test/forgot-password',
      supportPhone,
    });

  it('has its own subject per kind in each locale, and says when, who and what to do', () => {
    for (const locale of LOCALES) {
      const subjects = new Set(kinds.map((kind) => notice(locale, kind).subject));
      expect(subjects.size).toBe(kinds.length);
      for (const kind of kinds) {
        const mail = notice(locale, kind);
        expect(mail.text).toContain('ana@example.test');
        expect(mail.text).toContain('10/03/2026 10:00 GMT-3');
        expect(mail.text).toContain('https://portal.test/forgot-password');
        expect(mail.text).toContain('+55 11 4000-0000');
        expect(mail.html).toContain(`<html lang="${locale}">`);
      }
    }
    expect(notice('pt-PT', 'PASSWORD_CHANGED').text).toContain('palavra-passe');
    expect(notice('pt-BR', 'PASSWORD_CHANGED').text).not.toContain('palavra-passe');
    expect(notice('en', 'PIN_CHANGED', null).text).not.toContain('support');
  });
});

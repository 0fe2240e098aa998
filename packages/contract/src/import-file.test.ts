import { describe, expect, it } from 'vitest';
import example from '../test/fixtures/import-example.json' with { type: 'json' };
import { type ImportFileInput, importFileSchema, ratesWithinValue } from './import-file';
import { isValidationMessageKey } from './validation-messages';

/** A fresh copy of the documented example, to spoil one entry per test. */
const sample = (): ImportFileInput => structuredClone(example) as ImportFileInput;

function firstIssue(file: unknown) {
  const result = importFileSchema.safeParse(file);
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { path: issue?.path.join('.'), message: issue?.message };
}

describe('import file', () => {
  it('accepts a full example (docs/import-format.md) and fills the optional keys', () => {
    const file = importFileSchema.parse(sample());
    expect(file.organizations[0]?.locale).toBe('pt-BR');
    expect(file.organizations[0]?.chat.settings).toEqual({});
    expect(file.users[0]?.whatsAppStatus).toBe('NOT_KNOWN');
    expect(file.credits[0]?.invoiceUploaded).toBe(false);
    expect(file.programs[0]?.iof).toEqual([{ validFrom: '2025-07-16', daily: '0', fixed: '0' }]);
  });

  it('treats absent arrays as empty', () => {
    expect(importFileSchema.parse({})).toMatchObject({ organizations: [], credits: [], invites: [] });
    const { iof: _iof, ...program } = sample().programs?.[0] ?? {};
    expect(importFileSchema.parse({ programs: [program] }).programs[0]?.iof).toEqual([]);
  });

  it('accepts the optional user keys', () => {
    const file = sample();
    Object.assign(file.users?.[0] ?? {}, {
      langKey: 'en-ZA',
      phone: '11987654321',
      whatsAppStatus: 'RECEIVE',
    });
    expect(importFileSchema.parse(file).users[0]).toMatchObject({ langKey: 'en-ZA', phone: '11987654321' });
  });

  type Kind = keyof ImportFileInput;
  /** Merges `patch` into the first entry of `kind`; an undefined value removes the key. */
  function spoilFirst(kind: Kind, patch: Record<string, unknown>) {
    const file = sample();
    const entry = (file[kind] as Record<string, unknown>[] | undefined)?.[0] ?? {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) Reflect.deleteProperty(entry, key);
      else entry[key] = value;
    }
    return file;
  }

  /** An organization whose chat script is `scriptUrl`, refused with `message`. */
  function chatAddressCases(cases: [string, string][]): [Kind, Record<string, unknown>, unknown, string][] {
    return cases.map(([scriptUrl, message]) => [
      'organizations',
      { chat: { enabled: true, scriptUrl, settings: {} } },
      message,
      'organizations.0.chat.scriptUrl',
    ]);
  }

  // [kind, what to change in its first entry, expected message, expected path when not the changed key]
  it.each<[Kind, Record<string, unknown>, unknown, string?]>([
    ['companies', { identification: '11444777000162' }, 'validation.cnpj.invalid'],
    ['buyers', { identification: '52998224725' }, 'validation.cnpj.invalid'],
    ['buyers', { identification: '11.222.333/0001-80' }, 'validation.cnpj.invalid'],
    ['buyers', { identification: '12.abc.345/01de-36' }, 'validation.cnpj.invalid'],
    ['buyers', { identification: '12ABC_34501DE35' }, 'validation.identification.invalid'],
    ['credits', { originalValue: '10000.001' }, 'validation.money.invalid'],
    ['credits', { originalValue: 10000 }, 'validation.money.invalid'],
    ['programs', { monthlyRate: '1.5' }, 'validation.rate.invalid'],
    ['programs', { monthlyRate: '1' }, 'validation.rates.tooHigh'],
    [
      'programs',
      { platformFee: '0.9', monthlyRate: '0.000001' },
      'validation.rates.tooHigh',
      'programs.0.monthlyRate',
    ],
    ['credits', { expireDate: '2026-02-30' }, 'validation.date.invalid'],
    ['credits', { expireDate: '2026-01-31' }, 'validation.dates.order'],
    ['programs', { anticipationMaxTime: '24:00' }, 'validation.time.invalid'],
    ['invites', { expiresAt: '2027-01-01T00:00:00' }, 'validation.instant.invalid'],
    ['invites', { expiresAt: '9999-12-31T23:59:59-12:00' }, 'validation.instant.invalid'],
    ['notifications', { activeFrom: '0000-01-01T00:00:00Z' }, 'validation.instant.invalid'],
    ['credits', { issueDate: '1899-12-31' }, 'validation.date.invalid'],
    ['credits', { installmentNumber: 2147483648 }, 'validation.invalid'],
    ['credits', { orderDetail: 'x'.repeat(1001) }, 'validation.text.max'],
    ['notifications', { message: 'x'.repeat(5001) }, 'validation.text.max'],
    ['programs', { sessionTermHtml: 'x'.repeat(100_001) }, 'validation.text.max'],
    [
      'organizations',
      { chat: { enabled: true, scriptUrl: null, settings: { theme: 'x'.repeat(256) } } },
      'validation.text.max',
      'organizations.0.chat.settings.theme',
    ],
    // Every page loads the chat's script, so its page's CSP must name its origin (scriptOriginOf).
    ...chatAddressCases([
      ['http://chat.example/widget.js', 'validation.url.https'],
      ['https://*.chat.example/widget.js', 'validation.url.invalid'],
      ['https://chat.example;script-src/widget.js', 'validation.url.invalid'],
      ['https://user:pw@chat.example/widget.js', 'validation.url.invalid'],
      ['https://[::1]/widget.js', 'validation.url.invalid'],
    ]),
    ['organizations', { timezone: 'America/Atlantis' }, 'validation.timezone.invalid'],
    ['credits', { status: 'OPEN' }, 'validation.invalid'],
    ['credits', { nfSeries: '1' }, 'validation.unknownField', 'credits.0'],
    ['users', { defaultCompany: 'c2' }, 'validation.defaultCompany.notListed'],
    ['programs', { daysToPay: undefined }, expect.any(String)],
  ])('rejects %s with %o, naming the entry', (kind, patch, message, path) => {
    const expectedPath = path ?? `${kind}.0.${Object.keys(patch)[0]}`;
    expect(firstIssue(spoilFirst(kind, patch))).toEqual({ path: expectedPath, message });
  });

  it('takes either form of CNPJ with or without punctuation, in any case, and keeps it upper-cased without', () => {
    const file = spoilFirst('buyers', { identification: '12.abc.345/01de-35' });
    (file.companies?.[0] as Record<string, unknown>).identification = '11.222.333/0001-81';
    const parsed = importFileSchema.parse(file);
    expect(parsed.buyers[0]?.identification).toBe('12ABC34501DE35');
    expect(parsed.companies[0]?.identification).toBe('11222333000181');
  });

  describe('refs', () => {
    it('rejects a ref repeated within an organization, at the repeat', () => {
      const file = sample();
      const credit = file.credits?.[0];
      file.credits?.push({ ...credit, nfNumber: '1002' } as NonNullable<typeof credit>);
      expect(firstIssue(file)).toEqual({ path: 'credits.1.ref', message: 'validation.ref.duplicate' });
    });

    it('allows the same ref in another organization', () => {
      const file = sample();
      const [organization] = file.organizations ?? [];
      const [company] = file.companies ?? [];
      file.organizations?.push({ ...organization, slug: 'other' } as NonNullable<typeof organization>);
      file.companies?.push({ ...company, organization: 'other' } as NonNullable<typeof company>);
      expect(importFileSchema.safeParse(file).success).toBe(true);
    });

    it('rejects two users with one email in different letter case', () => {
      const file = sample();
      const [user] = file.users ?? [];
      file.users?.push({ ...user, email: 'Supplier@Example.TEST' } as NonNullable<typeof user>);
      expect(firstIssue(file)).toEqual({ path: 'users.1.email', message: 'validation.ref.duplicate' });
    });

    it('rejects a program provider whose program ref is in two organizations of the file', () => {
      const file = sample();
      const [organization] = file.organizations ?? [];
      const [program] = file.programs ?? [];
      file.organizations?.push({ ...organization, slug: 'other' } as NonNullable<typeof organization>);
      file.programs?.push({ ...program, organization: 'other' } as NonNullable<typeof program>);
      expect(firstIssue(file)).toEqual({
        path: 'programProviders.0.program',
        message: 'validation.ref.ambiguous',
      });
    });

    it('rejects a repeated organization slug and a repeated invite token', () => {
      const file = sample();
      const [organization] = file.organizations ?? [];
      const [invite] = file.invites ?? [];
      file.organizations?.push({ ...organization } as NonNullable<typeof organization>);
      file.invites?.push({ ...invite } as NonNullable<typeof invite>);
      const issues = importFileSchema.safeParse(file).error?.issues.map((i) => i.path.join('.'));
      expect(issues).toEqual(['organizations.1.slug', 'invites.1.token']);
    });
  });

  describe('past requests (batches) and canCancel', () => {
    /** The example with a second credit and one past request holding both. */
    function withBatch(patch: Record<string, unknown> = {}) {
      const file = sample();
      const [credit] = file.credits ?? [];
      file.credits?.push({ ...credit, ref: 'k2', nfNumber: '1002' } as NonNullable<typeof credit>);
      file.batches = [
        {
          ref: 'r1',
          programProvider: 'pp1',
          credits: ['k1', 'k2'],
          requestedAt: '2026-02-10T10:30:00-03:00',
          requestedBy: 'supplier@example.test',
          status: 'PAID',
          settledAt: '2026-02-11T11:00:00-03:00',
          rejectionReason: null,
          ...patch,
        } as NonNullable<ImportFileInput['batches']>[number],
      ];
      return file;
    }

    it('are optional: a file without them imports as before, participations may cancel', () => {
      const file = importFileSchema.parse(sample());
      expect(file.batches).toEqual([]);
      expect(file.programProviders[0]?.canCancel).toBe(true);
      const closed = sample();
      Object.assign(closed.programProviders?.[0] ?? {}, { canCancel: false });
      expect(importFileSchema.parse(closed).programProviders[0]?.canCancel).toBe(false);
    });

    it('accepts each status, settledAt and rejectionReason null or absent where they do not apply', () => {
      expect(importFileSchema.parse(withBatch()).batches[0]).toMatchObject({
        status: 'PAID',
        credits: ['k1', 'k2'],
      });
      const open = importFileSchema.parse(
        withBatch({ status: 'REQUESTED', settledAt: undefined, rejectionReason: undefined }),
      );
      expect(open.batches[0]).toMatchObject({ settledAt: null, rejectionReason: null });
      expect(
        importFileSchema.safeParse(withBatch({ status: 'REJECTED', rejectionReason: 'Nota divergente' }))
          .success,
      ).toBe(true);
      expect(importFileSchema.safeParse(withBatch({ status: 'CANCELLED' })).success).toBe(true);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no credits', { credits: [] }, 'batches.0.credits', 'validation.required'],
      ['a credit twice', { credits: ['k1', 'k1'] }, 'batches.0.credits.1', 'validation.ids.duplicate'],
      [
        'a requester who is no login',
        { requestedBy: 'ana' },
        'batches.0.requestedBy',
        'validation.email.invalid',
      ],
      [
        'an instant without offset',
        { requestedAt: '2026-02-10T10:30:00' },
        'batches.0.requestedAt',
        'validation.instant.invalid',
      ],
      ['an unknown status', { status: 'OPEN' }, 'batches.0.status', 'validation.invalid'],
      ['a settlement without its instant', { settledAt: null }, 'batches.0.settledAt', 'validation.required'],
      [
        'a settlement not after the request',
        { settledAt: '2026-02-10T10:30:00-03:00' },
        'batches.0.settledAt',
        'validation.dates.order',
      ],
      [
        'an open request already settled',
        { status: 'REQUESTED' },
        'batches.0.settledAt',
        'validation.invalid',
      ],
      [
        'a reason for a paid request',
        { rejectionReason: 'no' },
        'batches.0.rejectionReason',
        'validation.invalid',
      ],
      [
        'an empty reason',
        { status: 'REJECTED', rejectionReason: '' },
        'batches.0.rejectionReason',
        'validation.required',
      ],
      [
        'a reason of 501 characters',
        { status: 'REJECTED', rejectionReason: 'x'.repeat(501) },
        'batches.0.rejectionReason',
        'validation.text.max',
      ],
      [
        'credits of another program provider',
        { programProvider: 'pp2' },
        'batches.0.credits.0',
        'validation.batch.creditOfOtherProvider',
      ],
      ['an unknown key', { automatic: true }, 'batches.0', 'validation.unknownField'],
    ])('rejects a past request with %s', (_case, patch, path, message) => {
      const file = withBatch(patch);
      const [provider] = file.programProviders ?? [];
      file.programProviders?.push({ ...provider, ref: 'pp2' } as NonNullable<typeof provider>);
      expect(firstIssue(file)).toEqual({ path, message });
    });

    it('refuses a repeated ref, and a credit held by two live requests of the file, but not by a released one', () => {
      const file = withBatch();
      const [paid] = file.batches ?? [];
      file.batches?.push({ ...paid!, credits: ['k2'] });
      expect(firstIssue(file)).toEqual({ path: 'batches.1.ref', message: 'validation.ref.duplicate' });
      file.batches![1] = { ...paid!, ref: 'r2', status: 'REQUESTED', settledAt: null, credits: ['k2'] };
      expect(firstIssue(file)).toEqual({
        path: 'batches.1.credits.0',
        message: 'validation.batch.creditInLiveBatch',
      });
      file.batches![0] = { ...paid!, status: 'REJECTED', rejectionReason: 'Nota divergente' };
      expect(importFileSchema.safeParse(file).success).toBe(true);
    });

    it('words every problem of a past request with catalogue keys', () => {
      const valid = importFileSchema.parse(withBatch()).batches[0]!;
      const messages = new Set<string>();
      for (const key of Object.keys(valid)) {
        for (const spoiler of [{ wrong: true }, 'x'.repeat(600), -1, undefined, [], ['k1', 'k1']]) {
          const result = importFileSchema.safeParse(withBatch({ [key]: spoiler }));
          for (const issue of result.error?.issues ?? []) messages.add(issue.message);
        }
      }
      expect(messages.size).toBeGreaterThan(5);
      expect([...messages].filter((message) => !isValidationMessageKey(message))).toEqual([]);
    });
  });

  it('bounds a program’s rates: a credit due 365 days after payment costs at most 90 % of its value', () => {
    const at = (monthlyRate: string, platformFee = '0', daily = '0', fixed = '0') =>
      ratesWithinValue({ monthlyRate, platformFee, daily, fixed });
    // 0.9 × 30/365 = 0.0739726…: 7.39 % a month is the most a program without fees may charge.
    expect(at('0.0739')).toBe(true);
    expect(at('0.074')).toBe(false);
    expect(at('0', '0.9')).toBe(true);
    expect(at('0', '0.900000000001')).toBe(false);
    expect(at('0.045', '0.01', '0.000082', '0.0038')).toBe(true);
    // The demo's dearest program with the law's IOF for companies.
    expect(at('0.021', '0.005', '0.000082', '0.0038')).toBe(true);
  });
});

import fs from 'node:fs';
import type { ImportFileInput } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { DEMO_DATA_FILE } from '../src/ops/seed-demo';

/** The committed demo file, parsed afresh for each caller (tests mutate their copy). */
export function demoDocument(): ImportFileInput &
  Required<Pick<ImportFileInput, 'credits' | 'companies' | 'users'>> {
  return JSON.parse(fs.readFileSync(DEMO_DATA_FILE, 'utf8'));
}

/** A small valid document (every kind of docs/import-format.md, a few of each), for error cases to break. */
export function smallDocument() {
  return {
    organizations: [
      {
        slug: 'acme',
        name: 'Acme Platform',
        timezone: 'America/Sao_Paulo',
        supportPhone: '+55 11 4000-0000',
        calendar: { open: '08:00', businessDaysOnly: true },
        terms: { version: '2026-01', summaryHtml: '<p>Termos</p>', fullUrl: 'https://example.test/terms' },
        chat: { enabled: false, scriptUrl: null },
      },
    ],
    buyers: [
      {
        ref: 'b1',
        organization: 'acme',
        name: 'Buyer S.A.',
        type: 'CORPORATION',
        identification: '11222333000181',
      },
    ],
    companies: [
      {
        ref: 'c1',
        organization: 'acme',
        name: 'Supplier Ltda',
        type: 'CORPORATION',
        identification: '11444777000161',
        canAnticipate: true,
        bankAccount: { bank: '341', branch: '1234', account: '12345-6' },
      },
    ],
    users: [
      {
        organization: 'acme',
        email: 'Supplier@Example.test',
        password: 'secret-pass',
        firstName: 'Ana',
        fullName: 'Ana Souza',
        activated: true,
        authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
        acceptedTerms: true,
        companies: ['c1'],
        defaultCompany: 'c1',
      },
    ],
    programs: [
      {
        ref: 'p1',
        organization: 'acme',
        buyer: 'b1',
        name: 'Programa Principal',
        color: '#1e88e5',
        monthlyRate: '0.015',
        discountMode: 'simple',
        platformFee: '0.005',
        bankFee: '0.00',
        iof: [{ validFrom: '2025-07-16', daily: '0', fixed: '0' }],
        daysToPay: 1,
        anticipationMaxTime: '18:00',
        requireServiceInvoice: true,
        sessionTermHtml: '<p>Cessão</p>',
      },
    ],
    programProviders: [
      { ref: 'pp1', program: 'p1', company: 'c1', status: 'ACTIVATED', providerCanNotAnticipateHtml: null },
    ],
    credits: [credit('k1', '10000.00'), credit('k2', '25432.17'), credit('k3', '350.00')],
    notifications: [
      {
        ref: 'n1',
        program: 'p1',
        type: 'INFO',
        title: 'Olá',
        message: 'Bem-vindo',
        activeFrom: '2026-01-01T00:00:00-03:00',
        activeUntil: null,
      },
    ],
    invites: [
      {
        organization: 'acme',
        company: 'c1',
        email: 'new.user@example.test',
        status: 'OPEN',
        expiresAt: '2027-01-01T00:00:00-03:00',
      },
    ],
  };
}

export function credit(ref: string, originalValue: string) {
  return {
    ref,
    programProvider: 'pp1',
    nfNumber: ref.replace(/\D/g, '').padStart(6, '0'),
    nfSerial: '1',
    installmentNumber: 1,
    orderDetail: null,
    issueDate: '2026-02-01',
    expireDate: '2026-03-20',
    originalValue,
    kind: 'GOODS',
    status: 'AVAILABLE',
  };
}

const tables = [
  'organizations',
  'buyers',
  'companies',
  'funders',
  'users',
  'persons',
  'team_members',
  'programs',
  'program_iof_rates',
  'program_funders',
  'program_providers',
  'credits',
  'notifications',
  'invites',
  'batches',
  'batch_credits',
  'batch_events',
  'batch_audit',
  'inbox_items',
] as const;

/** Row counts of every table the import writes. */
export async function countRows(db: Database): Promise<Record<(typeof tables)[number], number>> {
  const selects = tables
    .map((t) => `select '${t}' as name, count(*)::int as n from ${t}`)
    .join(' union all ');
  const { rows } = await db.execute<{ name: (typeof tables)[number]; n: number }>(sql.raw(selects));
  return Object.fromEntries(rows.map((r) => [r.name, r.n])) as Record<(typeof tables)[number], number>;
}

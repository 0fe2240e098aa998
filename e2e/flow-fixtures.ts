import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { apiLogin, expect } from './fixtures';

/*
 * Shared steps of the early-payment specs (e2e/flow-*.spec.ts). Extra data for the flows the demo cannot show
 * (3,000 invoices, a program whose cut-off has passed, a program without invoices) is loaded into the run's
 * own database with the operator CLI, as an operator would: `npm run ops -- import`.
 */

export const ROLAGEM = 'rolagem@e2e.test';
export const ROLAGEM_COMPANY = 'Delta Rolagem Ltda';
export const SCROLL_CREDITS = 3000;
export const CUTOFF_PROGRAM = 'E2E Corte às 9h';
export const EMPTY_PROGRAM = 'E2E Sem Títulos';

const repo = path.join(import.meta.dirname, '..');

function day(offset: number): string {
  return new Date(Date.UTC(2026, 11, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

function credits(programProvider: string, count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({
    ref: `${programProvider}-${index}`,
    programProvider,
    nfNumber: `${prefix}${String(index + 1).padStart(5, '0')}`,
    nfSerial: String(1 + (index % 3)),
    installmentNumber: 1 + (index % 4),
    orderDetail: index % 5 === 0 ? null : `PC-E2E-${index}`,
    issueDate: '2026-11-10',
    expireDate: day(index % 180),
    // 100.00 to about 9,999.00, never two the same in a row.
    originalValue: (100 + ((index * 7919) % 990_000) / 100).toFixed(2),
    kind: 'GOODS',
    status: 'AVAILABLE',
  }));
}

/**
 * A demo-organization program for the browser specs' import files (docs/import-format.md), with what a spec
 * changes.
 */
export function program(ref: string, name: string, overrides: Record<string, unknown> = {}) {
  return {
    ref,
    organization: 'demo',
    buyer: 'horizonte',
    name,
    color: '#546e7a',
    monthlyRate: '0.015',
    discountMode: 'simple',
    platformFee: '0.0035',
    bankFee: '0.00',
    iof: [],
    daysToPay: 1,
    anticipationMaxTime: '23:59',
    requireServiceInvoice: false,
    sessionTermHtml: '<p>Termo de cessão de teste.</p>',
    ...overrides,
  };
}

const flowData = {
  companies: [
    {
      ref: 'e2e-delta',
      organization: 'demo',
      name: ROLAGEM_COMPANY,
      type: 'CORPORATION',
      identification: '11222333000181',
      canAnticipate: true,
      bankAccount: { bank: '001', branch: '1234', account: '99887-6' },
    },
  ],
  users: [
    {
      organization: 'demo',
      email: ROLAGEM,
      password: 'demo1234',
      firstName: 'Rita',
      fullName: 'Rita Rolagem',
      activated: true,
      authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
      acceptedTerms: true,
      companies: ['e2e-delta'],
      defaultCompany: 'e2e-delta',
    },
  ],
  programs: [
    program('e2e-corte', CUTOFF_PROGRAM, { anticipationMaxTime: '09:00' }),
    program('e2e-vazio', EMPTY_PROGRAM),
  ],
  programProviders: [
    {
      ref: 'e2e-delta-fornecedores',
      program: 'horizonte-fornecedores',
      company: 'e2e-delta',
      status: 'ACTIVATED',
      providerCanNotAnticipateHtml: null,
    },
    {
      ref: 'e2e-delta-corte',
      program: 'e2e-corte',
      company: 'e2e-delta',
      status: 'ACTIVATED',
      providerCanNotAnticipateHtml: null,
    },
    {
      ref: 'e2e-delta-vazio',
      program: 'e2e-vazio',
      company: 'e2e-delta',
      status: 'ACTIVATED',
      providerCanNotAnticipateHtml: null,
    },
  ],
  credits: [...credits('e2e-delta-fornecedores', SCROLL_CREDITS, '8'), ...credits('e2e-delta-corte', 5, '9')],
};

/** Loads the flows' extra data once per test run (the CLI upserts by ref, so a second run changes nothing). */
/** Loads an import document into the e2e server's database through the operator CLI (the real import path). */
export function importWithCli(name: string, doc: object): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const port = Number(process.env.E2E_PORT ?? 18_080);
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/ops/cli.ts', 'import', file], {
    cwd: repo,
    stdio: 'pipe',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1),
      APP_NOW: '2026-11-23T10:00:00-03:00',
    },
  });
}

export function importFlowData(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  const marker = path.join(dataDir, 'flow-data.imported');
  if (existsSync(marker)) return;
  importWithCli('flow-data', flowData);
  writeFileSync(marker, new Date().toISOString());
}

export type ApiSession = {
  get: (url: string) => Promise<unknown>;
  post: (url: string, data: unknown) => Promise<number>;
};

/** Calls the API as a user, for set-up and for checks the screen cannot make (the count of batches). */
export async function apiSession(request: APIRequestContext, email: string): Promise<ApiSession> {
  const token = await apiLogin(request, email);
  const headers = { authorization: `Bearer ${token.access_token}` };
  return {
    get: async (url) => {
      const response = await request.get(url, { headers });
      expect(response.status(), url).toBe(200);
      return response.json();
    },
    post: async (url, data) => (await request.post(url, { headers, data })).status(),
  };
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Opens a program's invoices from the program selection, as a user does. */
export async function openInvoices(page: Page, programName: string) {
  await page.goto('/program-selection');
  await page.getByRole('link', { name: new RegExp(programName) }).click();
  await expect(page.getByRole('heading', { level: 1, name: programName })).toBeVisible();
  await expect(page.getByTestId('loaded-count')).toContainText(/\d+ de \d+/);
}

/** The selection boxes of the invoices on screen (table rows on a laptop, cards on a phone). */
export const invoiceBoxes = (page: Page) => page.getByRole('checkbox', { name: /^Selecionar a nota / });

/** Sorts by a column: the header button on a laptop, the sort chip on a phone (same name). */
export const sortButton = (page: Page, column: string) =>
  page.getByRole('button', { name: new RegExp(`^${column}`) }).first();

/** The selection bar at the bottom of the list. */
export const simulateBar = (page: Page) => page.getByRole('region', { name: 'Seleção para simulação' });

import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  type Call,
  type CallRequest,
  getBatchCall,
  getNotificationPreferencesCall,
  type ImportFileInput,
  listBatchesCall,
  listCreditsCall,
  listInboxCall,
  listMyProgramsCall,
  type ResponseOf,
  requestBatchCall,
} from '@portal/contract';
import { answerOf, sendCall } from './api-calls';
import { apiLogin, expect } from './fixtures';

/*
 * Shared steps of the early-payment specs (e2e/flow-*.spec.ts). Data the demo cannot show (3,000 invoices, a
 * program whose cut-off has passed, a program without invoices) is the test's own: `flowData` builds it under
 * the test's tag, for the `seed` fixture to import with the test's copy of demo users (e2e/data-fixtures.ts).
 */

export const ROLAGEM_COMPANY = 'Delta Rolagem Ltda';
export const SCROLL_CREDITS = 3000;
export const CUTOFF_PROGRAM = 'E2E Corte às 9h';
export const EMPTY_PROGRAM = 'E2E Sem Títulos';

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
 * changes. Its ref must be the test's own (made with the world's tag).
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

/** The flows' own data: which of the three parts a test needs. */
type FlowPart = 'scroll' | 'cutoff' | 'empty';

/** The login of the flows' own user, Rita Rolagem, in a test's world. */
export const rolagem = (world: { tag: string }) => `rolagem.${world.tag}@e2e.test`;

/**
 * Rita Rolagem of Delta Rolagem, a user of the test's own (`rolagem`), with what the test asks for: 3,000 open
 * invoices in the demo's Horizonte Fornecedores (`scroll`), a program whose requests close at 09:00 with five
 * invoices (`cutoff`), a program without invoices (`empty`). For the `seed` fixture's `extra`.
 */
export function flowData(parts: FlowPart[]) {
  return ({ tag }: { tag: string }) => flowDocument(tag, parts);
}

function flowDocument(tag: string, parts: FlowPart[]): ImportFileInput {
  const company = `e2e-delta-${tag}`;
  const participation = (ref: string, programRef: string) => ({
    ref,
    program: programRef,
    company,
    status: 'ACTIVATED',
    providerCanNotAnticipateHtml: null,
  });
  const has = (part: FlowPart) => parts.includes(part);
  return {
    companies: [
      {
        ref: company,
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
        email: rolagem({ tag }),
        password: 'demo1234',
        firstName: 'Rita',
        fullName: 'Rita Rolagem',
        activated: true,
        authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
        acceptedTerms: true,
        companies: [company],
        defaultCompany: company,
      },
    ],
    programs: [
      ...(has('cutoff')
        ? [program(`e2e-corte-${tag}`, CUTOFF_PROGRAM, { anticipationMaxTime: '09:00' })]
        : []),
      ...(has('empty') ? [program(`e2e-vazio-${tag}`, EMPTY_PROGRAM)] : []),
    ],
    programProviders: [
      ...(has('scroll') ? [participation(`e2e-delta-fornecedores-${tag}`, 'horizonte-fornecedores')] : []),
      ...(has('cutoff') ? [participation(`e2e-delta-corte-${tag}`, `e2e-corte-${tag}`)] : []),
      ...(has('empty') ? [participation(`e2e-delta-vazio-${tag}`, `e2e-vazio-${tag}`)] : []),
    ],
    credits: [
      ...(has('scroll') ? credits(`e2e-delta-fornecedores-${tag}`, SCROLL_CREDITS, '8') : []),
      ...(has('cutoff') ? credits(`e2e-delta-corte-${tag}`, 5, '9') : []),
    ],
  } as ImportFileInput;
}

/** A program of the user's default company, as `GET …/programs/me/default` lists it. */
export type ApiProgram = ResponseOf<typeof listMyProgramsCall>[number];

/**
 * Calls the API as a user, for set-up and for what the screen under test does not do itself: a request made
 * elsewhere (another device, a colleague of the same company), checks of what the server keeps. Every call is
 * the contract's (e2e/api-calls.ts).
 */
export async function apiSession(request: APIRequestContext, email: string) {
  const token = await apiLogin(request, email);
  const headers = { authorization: `Bearer ${token.access_token}` };
  /** Sends a call as the user; its answer, whatever its status. */
  const send = <C extends Call>(call: C, input: CallRequest<C>) => sendCall(request, call, input, headers);
  /** A call that must answer 200, and its answer as the contract types it. */
  const read = async <C extends Call>(call: C, input: CallRequest<C>): Promise<ResponseOf<C>> => {
    const response = await send(call, input);
    expect(response.status(), `${call.method} ${call.path}: ${await response.text()}`).toBe(200);
    return answerOf<C>(response);
  };
  const programs = () => read(listMyProgramsCall, {});
  const program = async (name: string) => (await programs()).find((p) => p.name === name)!;
  const credits = async (providerId: number, size: number) =>
    (await read(listCreditsCall, { params: { programProviderId: providerId }, query: { page: 0, size } }))
      .content;
  /**
   * Requests these credits, as the simulation's confirm does (at the best offer, or at `offerId`: a funder's offer
   * or 'house'); the new request's id.
   */
  const requestBatch = async (creditIds: number[], offerId?: number | 'house') =>
    (await read(requestBatchCall, { body: offerId === undefined ? creditIds : { creditIds, offerId } })).id;
  return {
    send,
    read,
    programs,
    program,
    credits,
    requestBatch,
    /** Requests early payment of the first open invoice of a program; the new request's id. */
    requestFirst: async (programName: string) => {
      const [first] = await credits((await program(programName)).providerId, 1);
      return requestBatch([first!.id]);
    },
    /** The first page of a participation's requests, newest first. */
    batches: (programProviderId: number) => read(listBatchesCall, { query: { programProviderId, page: 0 } }),
    detail: (id: number) => read(getBatchCall, { params: { id } }),
    inbox: () => read(listInboxCall, { query: { page: 0, size: 10 } }),
    preferences: () => read(getNotificationPreferencesCall, {}),
  };
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/**
 * Waits for the dashboard to be drawn in full before its screenshot: no section still loading (role="status")
 * and the portfolio chart with its bars (the demo companies have a month with invoices to receive). The chart's
 * chunk loads when its place nears the viewport, and it measures its box before drawing bars, so a screenshot
 * taken when its surface first appears can show a skeleton, or grid lines without bars.
 */
export async function expectDashboardDrawn(page: Page) {
  await expect(page.locator('main [role="status"]')).toHaveCount(0);
  // The chart's box is there from the start; the chart itself only once the box nears the viewport (a phone).
  const chart = page.getByTestId('portfolio-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
}

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

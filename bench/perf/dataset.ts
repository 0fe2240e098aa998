import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportFileInput } from '@portal/contract';
import { apiProcess } from '../../apps/api/test/api-build';
import { runCommand } from './processes';

/*
 * The bench's data, loaded the way an operator loads data: an import file (docs/import-format.md) and
 * `npm run ops -- import`. One organization open every day at any hour, one supplier company that can
 * anticipate, one provider user who accepted the terms, and two programs of that company: a large one and
 * a small one (100,000 and 1,000 AVAILABLE credits in the full run).
 */

export const BENCH_USER = { email: 'bench@bench.test', password: 'bench1234' };
export const LARGE_PROGRAM = 'Bench Fornecedores';
export const SMALL_PROGRAM = 'Bench Logística';

const ORG = 'bench';
/** The organization's slug: a machine client of the platform API belongs to it. */
export const BENCH_ORGANIZATION = ORG;
const DAY_MS = 86_400_000;

function isoDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Deterministic pseudo-random numbers (an LCG), so two runs load the same credits. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type CreditInput = NonNullable<ImportFileInput['credits']>[number];

/** `count` credits of a program provider, refs `<programProvider>-<first + i>`. */
function credits(
  programProvider: string,
  count: number,
  seed: number,
  today: number,
  first = 0,
): CreditInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => ({
    ref: `${programProvider}-${first + i}`,
    programProvider,
    nfNumber: String(100_000 + Math.floor(next() * 900_000)),
    nfSerial: String(1 + Math.floor(next() * 5)),
    installmentNumber: 1 + Math.floor(next() * 6),
    orderDetail: i % 5 === 0 ? null : `PC-${String(Math.floor(next() * 1_000_000)).padStart(6, '0')}`,
    issueDate: isoDay(today - 30 * DAY_MS),
    // 7 to 240 days ahead: every credit is in the future whatever day the bench runs.
    expireDate: isoDay(today + (7 + Math.floor(next() * 234)) * DAY_MS),
    originalValue: (10 + Math.floor(next() * 5_000_000) / 100).toFixed(2),
    kind: 'GOODS',
    status: 'AVAILABLE',
  }));
}

/**
 * Five funders admitted in both programs, each posting an offer in each (offer-figures.ts), so that every
 * estimate and request is priced at six offers: the funders' and the house's.
 */
export const BENCH_FUNDERS = [
  '55500001000197',
  '55500002000131',
  '55500003000186',
  '55500004000120',
  '55500005000175',
].map((identification, i) => ({ ref: `bench-f${i + 1}`, name: `Funder ${i + 1} Bench`, identification }));

function program(ref: string, name: string, overrides: { monthlyRate: string; daysToPay: number }) {
  return {
    ref,
    funders: BENCH_FUNDERS.map((funder) => funder.ref),
    organization: ORG,
    buyer: 'bench-buyer',
    name,
    color: '#1e88e5',
    discountMode: 'simple' as const,
    platformFee: '0.0035',
    bankFee: '3.50',
    iof: [{ validFrom: '2025-01-01', daily: '0.000082', fixed: '0.0038' }],
    anticipationMaxTime: '23:59',
    requireServiceInvoice: false,
    sessionTermHtml: '<p>Termo de cessão do bench.</p>',
    ...overrides,
  };
}

/** The large program's import entry at a monthly rate: importing it again with another rate reprices it all. */
export function largeProgram(monthlyRate: string) {
  return program('bench-large', LARGE_PROGRAM, { monthlyRate, daysToPay: 1 });
}

const utcToday = () =>
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());

export function benchDocument(counts: { large: number; small: number }): ImportFileInput {
  const today = utcToday();
  return {
    organizations: [
      {
        slug: ORG,
        name: 'Bench',
        timezone: 'America/Sao_Paulo',
        supportPhone: '+55 11 4000-0000',
        calendar: { open: '00:00', businessDaysOnly: false },
        terms: {
          version: 'bench-1',
          summaryHtml: '<p>Termos do bench.</p>',
          fullUrl: 'https://bench.example/t',
        },
        chat: { enabled: false, scriptUrl: null },
      },
    ],
    buyers: [
      {
        ref: 'bench-buyer',
        organization: ORG,
        name: 'Compradora Bench S.A.',
        type: 'CORPORATION',
        identification: '43117052000155',
      },
    ],
    companies: [
      {
        ref: 'bench-supplier',
        organization: ORG,
        name: 'Fornecedora Bench Ltda',
        type: 'CORPORATION',
        identification: '11222333000181',
        canAnticipate: true,
        bankAccount: { bank: '341', branch: '0912', account: '45873-2' },
      },
    ],
    funders: BENCH_FUNDERS.map((funder) => ({ ...funder, organization: ORG })),
    users: [
      {
        organization: ORG,
        email: BENCH_USER.email,
        password: BENCH_USER.password,
        firstName: 'Bia',
        fullName: 'Bia Bench',
        activated: true,
        authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
        acceptedTerms: true,
        companies: ['bench-supplier'],
        defaultCompany: 'bench-supplier',
      },
    ],
    programs: [
      largeProgram('0.015'),
      program('bench-small', SMALL_PROGRAM, { monthlyRate: '0.012', daysToPay: 2 }),
    ],
    programProviders: ['large', 'small'].map((size) => ({
      ref: `bench-${size}-pp`,
      program: `bench-${size}`,
      company: 'bench-supplier',
      status: 'ACTIVATED' as const,
      providerCanNotAnticipateHtml: null,
    })),
    credits: [
      ...credits('bench-large-pp', counts.large, 42, today),
      ...credits('bench-small-pp', counts.small, 7, today),
    ],
  };
}

/**
 * Credits of the large program only, as the platform API's import takes them (the participation's ref
 * resolves within the machine client's organization): `count` new ones from ref number `first` on (the data
 * set holds refs 0 to `counts.large` − 1), with values of their own (`seed`).
 */
export function largeProgramCredits(input: { first: number; count: number; seed: number }): ImportFileInput {
  return { credits: credits('bench-large-pp', input.count, input.seed, utcToday(), input.first) };
}

export type ImportFigures = { wallMs: number; importMs: number; creditsMs: number; fileMiB: number };

/** Writes the file and runs the real operator CLI on `env`'s DATA_DIR; the import's own timings are parsed. */
export async function importDataset(
  dir: string,
  counts: { large: number; small: number },
  env: NodeJS.ProcessEnv,
): Promise<ImportFigures> {
  const file = path.join(dir, 'bench-data.json');
  const text = JSON.stringify(benchDocument(counts));
  await fs.writeFile(file, text);
  const result = await runCommand(process.execPath, [...apiProcess.cli, 'import', file], {
    env,
    timeoutMs: 240_000,
  });
  if (result.code !== 0) {
    throw new Error(`import failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  const importMs = Number(result.stdout.match(/imported \S+ in (\d+) ms/)?.[1] ?? Number.NaN);
  const creditsMs = Number(result.stdout.match(/credits: \d+ in (\d+) ms/)?.[1] ?? Number.NaN);
  return { wallMs: result.ms, importMs, creditsMs, fileMiB: text.length / 2 ** 20 };
}

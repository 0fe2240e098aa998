import { type CreditSortKey, creditSortKeySchema } from '@portal/contract';
import { type Client, expectStatus, json } from './http';
import { ms, type Row } from './report';
import { type Summary, summarize } from './stats';

/*
 * Latency of the API's three budgeted calls over real HTTP, one keep-alive connection, requests one after
 * the other (a supplier's tab): the credits page in every order, the estimate of 1,000 credits, and the
 * batch request of 30 credits. Request counts are fixed, so the time is bounded.
 */

type Page = { content: { id: number }[]; totalElements: number; last: boolean };

export const creditsPath = (providerId: number, query: string) =>
  `/api/webapp/credits/programProvider/${providerId}?${query}`;

/** One order and page: its timings summed up, and each counted round's time in order (`samples[round]`). */
export type CreditCase = { sort: string; page: number; samples: number[] } & Summary;

/**
 * Which rounds count: the first `warmups` are dropped (plans and pages cached); after each counted round
 * `more(counted)` says whether to go on (a fixed number of rounds, or "while the pass runs").
 */
export type Rounds = { warmups: number; more(counted: number): boolean | Promise<boolean> };

/** `runs` counted rounds after `warmups` dropped ones. */
export const fixedRounds = (runs: number, warmups = 2): Rounds => ({ warmups, more: (n) => n < runs });

/**
 * Every key of creditSortKeySchema, both directions, pages 0 and 49 (the 50th), one timed request each per
 * round. The cases take turns (round-robin), so a burst of load from elsewhere on the machine spreads over
 * all of them instead of landing on the few consecutive requests of one case. A round that `keep` refuses
 * (called after it) is left out.
 */
export async function measureCreditPages(
  client: Client,
  input: { providerId: number; expected: number; rounds: Rounds; keep?: () => boolean | Promise<boolean> },
): Promise<CreditCase[]> {
  const cases = creditPageCases(input.providerId).map((c) => ({ ...c, samples: [] as number[] }));
  let counted = 0;
  for (let round = 0; round < input.rounds.warmups || (await input.rounds.more(counted)); round += 1) {
    const times: number[] = [];
    for (const c of cases) {
      const answer = await creditPage(client, c.path, (total) => total === input.expected);
      times.push(answer.ms);
    }
    if (round < input.rounds.warmups || !(await (input.keep?.() ?? true))) continue;
    cases.forEach((c, i) => {
      c.samples.push(times[i]!);
    });
    counted += 1;
  }
  return cases.map(({ sort, page, samples }) => ({ sort, page, samples, ...summarize(samples) }));
}

/** Every key of creditSortKeySchema, both directions, pages 0 and 49 (the 50th) of 30: the 28 cases. */
export function creditPageCases(providerId: number): { sort: string; page: number; path: string }[] {
  const keys: readonly CreditSortKey[] = creditSortKeySchema.options;
  return keys.flatMap((key) =>
    ['asc', 'desc'].flatMap((direction) =>
      [0, 49].map((page) => {
        const sort = `${key},${direction}`;
        return { sort, page, path: creditsPath(providerId, `page=${page}&size=30&sort=${sort}`) };
      }),
    ),
  );
}

/**
 * One credits page of 30, checked: a fast wrong answer must not pass for speed, so every answer must be a
 * full page of a list whose total `total` accepts.
 */
export async function creditPage(client: Client, path: string, total: (totalElements: number) => boolean) {
  const answer = expectStatus(await client.send({ path }), path);
  const body = json<Page>(answer);
  if (!total(body.totalElements) || body.content.length !== 30) {
    throw new Error(`${path}: ${body.totalElements} credits, ${body.content.length} rows`);
  }
  return answer;
}

/** The case with the highest p95, and the spread of the medians, for a table row. */
export function worstCase(cases: CreditCase[]) {
  const worst = cases.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const p50s = cases.map((c) => c.p50).sort((a, b) => a - b);
  return { worst, p50Range: `${p50s[0]!.toFixed(1)}–${p50s.at(-1)!.toFixed(1)} ms` };
}

/** Ids of AVAILABLE credits of a program provider, read through the list itself, 100 per page. */
export async function creditIds(client: Client, providerId: number, count: number, sort: string) {
  const ids: number[] = [];
  for (let page = 0; ids.length < count; page += 1) {
    const path = creditsPath(providerId, `page=${page}&size=100&sort=${sort}`);
    const body = json<Page>(expectStatus(await client.send({ path }), path));
    ids.push(...body.content.map((credit) => credit.id));
    if (body.last) break;
  }
  if (ids.length < count) throw new Error(`only ${ids.length} credits to take, ${count} needed`);
  return ids.slice(0, count);
}

/** PUT estimates/request with the same `ids` each time (an estimate changes nothing). */
export async function measureEstimate(client: Client, ids: number[], runs: number): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i += 1) {
    const answer = await client.send({ method: 'PUT', path: '/api/webapp/estimates/request', body: ids });
    const body = json<{ creditEstimates: unknown[] }>(expectStatus(answer, 'estimate'));
    if (body.creditEstimates.length !== ids.length) throw new Error('the estimate left credits out');
    if (i >= 3) samples.push(answer.ms);
  }
  return summarize(samples);
}

/** PUT estimates/programProvider/:id/request: every AVAILABLE credit of the program provider. */
export async function measureEstimateAll(client: Client, providerId: number, runs: number): Promise<Summary> {
  const samples: number[] = [];
  const path = `/api/webapp/estimates/programProvider/${providerId}/request`;
  for (let i = 0; i < runs + 3; i += 1) {
    const answer = expectStatus(await client.send({ method: 'PUT', path }), 'estimate of a program');
    if (i >= 3) samples.push(answer.ms);
  }
  return summarize(samples);
}

/**
 * POST batches/request, each with 30 credits no earlier request claimed (a claimed credit is no longer
 * AVAILABLE, so reusing one would measure a refusal). `ids` holds (runs + warm-ups) × 30 ids.
 */
export async function measureBatches(client: Client, ids: number[], runs: number): Promise<Summary> {
  const samples: number[] = [];
  const warmups = 3;
  if (ids.length < (runs + warmups) * 30) throw new Error('not enough credits for the batches');
  for (let i = 0; i < runs + warmups; i += 1) {
    const body = ids.slice(i * 30, i * 30 + 30);
    const answer = await client.send({ method: 'POST', path: '/api/webapp/batches/request', body });
    expectStatus(answer, 'batch request');
    if (i >= warmups) samples.push(answer.ms);
  }
  return summarize(samples);
}

/** The plans the planner figures ask for: R$ 25,000 to R$ 500,000 in steps of R$ 25,000, 20 in all. */
export const PLAN_AMOUNTS = Array.from({ length: 20 }, (_, i) => (i + 1) * 25_000);

/**
 * POST plans (the cash planner) over a whole participation, one for each amount in turn after `warmups` of them
 * (first a plan beyond reach: 400 error.plan.notEnough with `params.reachable`, the figure's label); the planner
 * reads and weighs every credit whatever the amount. Every answer must reach its amount. A plan that `keep`
 * refuses (called after it: "did the pass still run?") is left out.
 */
export async function measurePlans(
  client: Client,
  providerId: number,
  input: { amounts: readonly number[]; warmups: number; keep?: () => boolean | Promise<boolean> },
): Promise<Summary & { reachable: number; credits: number[] }> {
  const plan = (amount: number) =>
    client.send({
      method: 'POST',
      path: '/api/webapp/plans',
      body: { programProviderId: providerId, amount, date: '2099-12-31' },
    });
  const tooMuch = expectStatus(await plan(1e10), 'a plan beyond reach', 400);
  const reachable = json<{ params: { reachable: number } }>(tooMuch).params.reachable;
  const samples: number[] = [];
  const credits: number[] = [];
  const { amounts, warmups } = input;
  for (let i = 0; i < amounts.length + warmups; i += 1) {
    const amount = amounts[(i - warmups + amounts.length) % amounts.length]!;
    const answer = await plan(amount);
    const body = json<{ creditIds: number[]; estimate: { total: number } }>(expectStatus(answer, 'plan'));
    if (body.estimate.total < amount)
      throw new Error(`a plan for ${amount} reached only ${body.estimate.total}`);
    if (i >= warmups && (await (input.keep?.() ?? true))) {
      samples.push(answer.ms);
      credits.push(body.creditIds.length);
    }
  }
  return { ...summarize(samples), reachable, credits };
}

/** A planner figure's row: `what` and the amounts, then the p95 against the budget of 200 ms. */
export function planRow(what: string, plans: Summary & { reachable: number; credits: number[] }): Row {
  const chosen = plans.credits.length
    ? `${Math.min(...plans.credits).toLocaleString('en')}–${Math.max(...plans.credits).toLocaleString('en')} credits chosen`
    : 'none';
  return {
    figure: `${what} (POST plans, R$ 25,000 to R$ 500,000, of R$ ${Math.round(plans.reachable).toLocaleString('en')}), p95`,
    budget: '≤ 200 ms',
    measured: `${ms(plans.p95)} (p50 ${ms(plans.p50)}, n ${plans.n}; ${chosen})`,
    pass: plans.p95 <= 200,
  };
}

import {
  type CreditCase,
  creditIds,
  creditsPath,
  fixedRounds,
  measureBatches,
  measureCreditPages,
  measureEstimate,
  measureEstimateAll,
  measurePlans,
  PLAN_AMOUNTS,
  planRow,
  worstCase,
} from './api-figures';
import { floorPageInputs } from './floor-page';
import type { Client } from './http';
import type { Options } from './options';
import type { ProductEnv } from './product';
import { ms, type Row } from './report';
import { measureThroughput } from './throughput';

/** The API's figures: credits pages, estimate, batch, throughput; rows for the table and details for the file. */
export async function measureApi(input: {
  client: Client;
  authorization: string;
  large: number;
  small: number;
  expected: number;
  options: Options;
  dir: string;
  env: ProductEnv;
  say: (msg: string) => void;
}) {
  const { client, options, say } = input;
  const rows: Row[] = [];

  say(`credits pages: 7 keys × 2 directions × pages 0 and 49, ${options.runs} requests each…`);
  const cases = await measureCreditPages(client, {
    providerId: input.large,
    expected: input.expected,
    rounds: fixedRounds(options.runs),
  });
  const { worst, p50Range } = worstCase(cases);
  rows.push({
    figure: `credits page of 30 at ${input.expected.toLocaleString('en')} credits, 14 orders, pages 0 and 49: worst p95`,
    budget: '≤ 50 ms',
    measured: `${ms(worst.p95)} (${worst.sort} p${worst.page}; p50 ${p50Range})`,
    pass: worst.p95 <= 50,
  });

  say('estimate of 1,000 credits…');
  const estimateIds = await creditIds(client, input.small, 1_000, 'value,asc');
  const estimate = await measureEstimate(client, estimateIds, 60);
  rows.push({
    figure: 'estimate of 1,000 credits at 6 offers (5 funders’ and the house’s; PUT estimates/request), p95',
    budget: '≤ 100 ms',
    measured: `${ms(estimate.p95)} (p50 ${ms(estimate.p50)}, n ${estimate.n})`,
    pass: estimate.p95 <= 100,
  });
  const estimateAll = await measureEstimateAll(client, input.small, 30);
  rows.push({
    figure:
      'estimate of a whole program of 1,000 credits at 6 offers (PUT estimates/programProvider/:id/request), p95',
    budget: '',
    measured: `${ms(estimateAll.p95)} (p50 ${ms(estimateAll.p50)}, n ${estimateAll.n})`,
    pass: null,
  });

  say(`cash planner over ${input.expected.toLocaleString('en')} credits, ${PLAN_AMOUNTS.length} plans…`);
  const plans = await measurePlans(client, input.large, { amounts: PLAN_AMOUNTS, warmups: 3 });
  rows.push(planRow(`plan over ${input.expected.toLocaleString('en')} credits`, plans));

  const batchRuns = 60;
  say(`batch requests of 30 new credits, ${batchRuns} of them…`);
  const batchIds = await creditIds(client, input.large, (batchRuns + 3) * 30, 'expireDate,desc');
  const batch = await measureBatches(client, batchIds, batchRuns);
  rows.push({
    figure: 'batch request of 30 credits (POST batches/request), p95',
    budget: '≤ 150 ms',
    measured: `${ms(batch.p95)} (p50 ${ms(batch.p50)}, n ${batch.n})`,
    pass: batch.p95 <= 150,
  });

  say(
    `throughput: autocannon, 10 connections, ${options.seconds} s on the API, then on the SQL floor, a bare node:http server and Fastify…`,
  );
  const floorInputs = await floorPageInputs(input.env, {
    token: input.authorization.replace(/^Bearer /, ''),
    programProviderId: input.large,
  });
  const throughput = await measureThroughput(client, {
    path: creditsPath(input.large, 'page=0&size=30'),
    authorization: input.authorization,
    seconds: options.seconds,
    dir: input.dir,
    sql: { ...floorInputs, programProviderId: input.large },
  });
  const floorRatio = throughput.apiRps / throughput.floorRps;
  rows.push({
    figure:
      'credits page throughput, 10 connections: API ÷ SQL floor (node:http + pg: token check, access check, page query; same bytes)',
    budget: '≥ 0.6',
    measured:
      `${floorRatio.toFixed(2)} (${throughput.apiRps.toFixed(0)} ÷ ${throughput.floorRps.toFixed(0)} req/s; ` +
      `API p50 ${throughput.api.latency.p50} ms, floor p50 ${throughput.floor.latency.p50} ms)`,
    pass: floorRatio >= 0.6,
  });
  rows.push({
    figure:
      'the same against a bare node:http server sending those bytes, no database (the machine’s HTTP capacity)',
    budget: '',
    measured:
      `${throughput.ratio.toFixed(2)} (${throughput.apiRps.toFixed(0)} ÷ ${throughput.bareRps.toFixed(0)} req/s; ` +
      `${throughput.bytes} B ${throughput.encoding})`,
    pass: null,
  });
  rows.push({
    figure: 'the same with Fastify answering those bytes from one route, no plugin (the framework floor)',
    budget: '',
    measured: `${(throughput.fastifyRps / throughput.bareRps).toFixed(2)} (${throughput.fastifyRps.toFixed(0)} req/s)`,
    pass: null,
  });

  const details = [
    '## Credits pages (ms per request, one keep-alive connection)',
    '',
    '| Sort | Page | n | p50 | p95 | max |',
    '|---|---|---|---|---|---|',
    ...cases.map(
      (c: CreditCase) =>
        `| ${c.sort} | ${c.page} | ${c.n} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.max.toFixed(1)} |`,
    ),
    '',
  ];
  const { api, bare, fastify, floor, ...ratio } = throughput;
  const data = {
    creditCases: cases,
    estimate,
    estimateAll,
    batch,
    throughput: {
      ...ratio,
      api: { requests: api.requests, latency: api.latency, throughput: api.throughput },
      bare: { requests: bare.requests, latency: bare.latency, throughput: bare.throughput },
      fastify: { requests: fastify.requests, latency: fastify.latency, throughput: fastify.throughput },
      floor: { requests: floor.requests, latency: floor.latency, throughput: floor.throughput },
    },
  };
  return { rows, details, data };
}

import { creditPage, creditPageCases, creditsPath } from './api-figures';
import { onCleanup } from './cleanup';
import { largeProgramCredits } from './dataset';
import { type Client, createClient, expectStatus, json } from './http';
import { machineAuthorization } from './machine-client';
import { type PriceProbe, waitUntilPriced } from './pass-figures';
import { ms, type Row, seconds } from './report';
import { type Summary, summarize } from './stats';

/*
 * Credits pushed over the platform API (docs/product/platform-api.md#imports): a machine client of the bench's
 * organization, made with the operator CLI (`npm run ops -- client create … --json`), gets a token with the
 * client credentials grant and sends `calls` import documents of `size` NEW credits of the large program
 * (refs after the data set's), one after the other, each with its Idempotency-Key. Meanwhile the supplier's
 * session asks for credits pages of that program without pause (the 28 cases of the credits page figure, in
 * turn, on its own keep-alive connection). Every count is fixed: the pages stop when the last call answers.
 */

type ImportAnswer = { counts: { credits: { created: number; updated: number } } };

export type PushCall = { ms: number; pages: Summary };

export type PushFigures = {
  credits: number;
  calls: number;
  size: number;
  /** Bytes of each call's JSON body (they differ by a few bytes). */
  bodyBytes: number[];
  /** Wall clock from the first call's start to the last call's answer. */
  totalMs: number;
  perCall: PushCall[];
  /** Credits pages that started and ended while the push ran. */
  pages: Summary;
  /** AVAILABLE credits in the program's list before and after. */
  listBefore: number;
  listAfter: number;
  /** From the last call's answer until the pricing pass the imports cause has committed. */
  pricedAfterMs: number;
};

export async function measurePush(input: {
  base: string;
  /** The supplier's logged-in session (the bench's client). */
  pages: Client;
  providerId: number;
  /** Ref numbers of the data set's large program are 0 to firstRef − 1: the pushed ones follow. */
  firstRef: number;
  env: NodeJS.ProcessEnv;
  probe: PriceProbe;
  say: (msg: string) => void;
  calls?: number;
  size?: number;
}): Promise<{ rows: Row[]; details: string[]; data: PushFigures }> {
  const { pages, providerId, say, calls = 10, size = 10_000 } = input;
  const total = calls * size;
  const authorization = await machineAuthorization(input.base, input.env, {
    name: 'bench push',
    scopes: 'imports:write',
  });
  const bodies = Array.from({ length: calls }, (_, k) =>
    Buffer.from(
      JSON.stringify(largeProgramCredits({ first: input.firstRef + k * size, count: size, seed: 1_001 + k })),
    ),
  );
  const pusher = createClient(input.base, authorization);
  const forget = onCleanup('push client', () => pusher.close());

  const listBefore = await listTotal(pages, providerId);
  const cases = creditPageCases(providerId);
  const during = (n: number) => n >= listBefore && n <= listBefore + total;
  // One round of warm-up, not counted (plans and pages cached, as the other credits figures drop theirs).
  for (const c of cases) await creditPage(pages, c.path, during);

  say(
    `pushing ${total.toLocaleString('en')} new credits: ${calls} calls of ${size.toLocaleString('en')} ` +
      '(POST /api/platform/v1/imports), credits pages all along…',
  );
  const stamp = Date.now().toString(36);
  let call = 0;
  let pushing = true;
  const samples: { ms: number; call: number }[] = [];
  const started = performance.now();
  const pageLoop = (async () => {
    for (let i = 0; pushing; i += 1) {
      const startedDuring = call;
      const answer = await creditPage(pages, cases[i % cases.length]!.path, during);
      // Only pages that ended before the last call answered count, each under the call it started during.
      if (pushing) samples.push({ ms: answer.ms, call: startedDuring });
    }
  })();
  pageLoop.catch(() => {}); // awaited below; a failing push must not leave it unhandled
  const callMs: number[] = [];
  let totalMs: number;
  try {
    for (; call < calls; call += 1) {
      const answer = await pusher.send({
        method: 'POST',
        path: '/api/platform/v1/imports',
        body: bodies[call],
        headers: { 'idempotency-key': `bench-push-${stamp}-${call + 1}` },
      });
      const counts = json<ImportAnswer>(expectStatus(answer, `import call ${call + 1}`)).counts.credits;
      if (counts.created !== size || counts.updated !== 0)
        throw new Error(`import call ${call + 1}: ${counts.created} created, ${counts.updated} updated`);
      callMs.push(answer.ms);
      say(`  call ${call + 1} of ${calls}: ${seconds(answer.ms)}`);
    }
    totalMs = performance.now() - started;
  } finally {
    pushing = false;
  }
  await pageLoop;
  forget();
  pusher.close();
  const pricedAfterMs = await waitUntilPriced(input.probe, [providerId]);
  const listAfter = await listTotal(pages, providerId);
  if (listAfter !== listBefore + total)
    throw new Error(`after the push the list holds ${listAfter} credits, not ${listBefore} + ${total}`);

  const data: PushFigures = {
    credits: total,
    calls,
    size,
    bodyBytes: bodies.map((b) => b.length),
    totalMs,
    perCall: callMs.map((callTime, k) => ({
      ms: callTime,
      pages: summarize(samples.filter((s) => s.call === k).map((s) => s.ms)),
    })),
    pages: summarize(samples.map((s) => s.ms)),
    listBefore,
    listAfter,
    pricedAfterMs,
  };
  return { rows: pushRows(data), details: pushDetails(data), data };
}

function pushRows(data: PushFigures): Row[] {
  const calls = summarize(data.perCall.map((c) => c.ms));
  const mib = data.bodyBytes.reduce((a, b) => a + b, 0) / data.calls / 2 ** 20;
  return [
    {
      figure:
        `${data.credits.toLocaleString('en')} new credits pushed over HTTP (POST /api/platform/v1/imports, ` +
        `${data.calls} sequential calls of ${data.size.toLocaleString('en')}, ${mib.toFixed(1)} MiB each): in all`,
      budget: '≤ 30 s',
      measured:
        `${seconds(data.totalMs)} (a call: p50 ${seconds(calls.p50)}, max ${seconds(calls.max)}; ` +
        `${Math.round(data.credits / (data.totalMs / 1000)).toLocaleString('en')} credits/s; ` +
        `program priced again ${seconds(data.pricedAfterMs)} after)`,
      pass: data.totalMs <= 30_000,
    },
    {
      figure:
        'credits page of 30 during that push (the supplier, same program; 14 orders × pages 0 and 49 in turn): p95',
      budget: '≤ 50 ms',
      measured: `${ms(data.pages.p95)} (p50 ${ms(data.pages.p50)}, max ${ms(data.pages.max)}, n ${data.pages.n})`,
      pass: data.pages.p95 <= 50,
    },
  ];
}

function pushDetails(data: PushFigures): string[] {
  const f = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));
  return [
    `## Credits pushed over HTTP (${data.calls} × ${data.size.toLocaleString('en')}; list ${data.listBefore.toLocaleString('en')} → ${data.listAfter.toLocaleString('en')})`,
    '',
    'Each call, and the credits pages that started while it ran (ms):',
    '',
    '| Call | Body | Call time | pages n | p50 | p95 | max |',
    '|---|---|---|---|---|---|---|',
    ...data.perCall.map(
      (c, k) =>
        `| ${k + 1} | ${(data.bodyBytes[k]! / 2 ** 20).toFixed(2)} MiB | ${c.ms.toFixed(0)} | ${c.pages.n} | ` +
        `${f(c.pages.p50)} | ${f(c.pages.p95)} | ${f(c.pages.max)} |`,
    ),
    '',
  ];
}

async function listTotal(client: Client, providerId: number): Promise<number> {
  const path = creditsPath(providerId, 'page=0&size=1');
  return json<{ totalElements: number }>(expectStatus(await client.send({ path }), path)).totalElements;
}

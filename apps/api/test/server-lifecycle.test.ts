import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  buildPath,
  errorBody,
  estimateCreditsCall,
  getAccountCall,
  issueTokenCall,
  requestBatchCall,
  requestPasswordResetCall,
} from '@portal/contract';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches } from '../src/db/schema';
import { CLIENT } from './app';
import { batchInvariantViolations } from './batch-invariants';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  type HttpAnswer,
  heldRequest,
  httpRequest,
  loginOverHttp,
  serverDatabase,
  serverSetup,
  startServer,
} from './server-process';

// Info logs: the test waits for the server's own "incoming request" and "shutting down" lines.
const setup = await serverSetup({ APP_NOW: '2026-11-23T10:00:00-03:00', LOG_LEVEL: 'info' });
const { port } = setup;

const incomingRequests = (output: string) => output.split('"msg":"incoming request"').length - 1;
const isConnectionError = (error: unknown) =>
  ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes((error as NodeJS.ErrnoException).code ?? '') ||
  (error as Error).message === 'socket hang up';

describe('the server process', () => {
  it('on SIGTERM under load finishes every request in flight, refuses new ones cleanly, stops PostgreSQL cleanly and restarts fast', async () => {
    const first = await startServer(setup);
    const auth = await loginOverHttp(port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const { db } = serverDatabase(setup);
    const { programProviderId, creditIds } = await alfaAvailableCredits(db);
    const json = { ...auth, 'content-type': 'application/json' };

    // 18 requests in flight when the signal comes: batch requests, logins (argon2) and estimates, each with
    // half its body still to arrive.
    const heldBatchIds = creditIds.slice(0, 6);
    const held = [
      ...heldBatchIds.map((id, i) => ({
        kind: 'batch',
        request: heldRequest(port, {
          method: 'POST',
          path: buildPath(requestBatchCall),
          headers: { ...json, 'idempotency-key': `held-${i}` },
          body: JSON.stringify([id]),
        }),
      })),
      ...Array.from({ length: 6 }, () => ({
        kind: 'login',
        request: heldRequest(port, {
          method: 'POST',
          path: buildPath(issueTokenCall),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            username: DEMO_PROVIDER.login,
            password: DEMO_PROVIDER.password,
            grant_type: 'password',
            ...CLIENT,
          }).toString(),
        }),
      })),
      ...Array.from({ length: 6 }, (_, i) => ({
        kind: 'estimate',
        request: heldRequest(port, {
          method: 'PUT',
          path: buildPath(estimateCreditsCall),
          headers: json,
          body: JSON.stringify(creditIds.slice(10 + i * 3, 13 + i * 3)),
        }),
      })),
    ];
    const before = incomingRequests(first.output());
    await first.waitForOutput((out) => incomingRequests(out) >= before + held.length);

    // One more in flight on a kept-alive connection, with a second request pipelined behind it later.
    const pipelined = net.connect(port, '127.0.0.1');
    let pipelinedAnswers = '';
    pipelined.setEncoding('utf8');
    pipelined.on('data', (chunk) => {
      pipelinedAnswers += chunk;
    });
    // A reset of this connection is the test's to judge (below, with what had arrived), not an uncaught error.
    let pipelinedError: Error | undefined;
    pipelined.on('error', (error) => {
      pipelinedError = error;
    });
    const pipelinedClosed = new Promise<void>((resolve) => pipelined.on('close', () => resolve()));
    const resetBody = 'nobody@test.example';
    pipelined.write(
      `POST ${buildPath(requestPasswordResetCall)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: text/plain\r\nContent-Length: ${resetBody.length}\r\n\r\n${resetBody.slice(0, 5)}`,
    );
    await first.waitForOutput((out) => incomingRequests(out) >= before + held.length + 1);

    // And a stream of new requests from six clients, each on a new connection, until they are refused.
    const streamBatchIds = creditIds.slice(100);
    const stream: { key?: string; status?: number; body?: string; error?: unknown }[] = [];
    let signalled = false;
    let refusedAfterSignal = 0;
    let streamAnswersBefore = 0;
    let onStreamAnswer = () => {};
    const client = async () => {
      for (let n = 0; n < 300 && !(signalled && refusedAfterSignal > 0); n++) {
        const id = streamBatchIds.shift()!;
        const key = n % 2 === 0 ? `stream-${id}` : undefined;
        const entry: (typeof stream)[number] = { key };
        stream.push(entry);
        try {
          const res = await httpRequest(
            port,
            key
              ? {
                  method: 'POST',
                  path: buildPath(requestBatchCall),
                  headers: { ...json, 'idempotency-key': key },
                  body: JSON.stringify([id]),
                }
              : { method: 'GET', path: buildPath(getAccountCall), headers: auth },
          );
          entry.status = res.status;
          entry.body = res.body;
          if (!signalled) streamAnswersBefore++;
          onStreamAnswer();
        } catch (error) {
          entry.error = error;
          if (signalled && (error as NodeJS.ErrnoException).code === 'ECONNREFUSED') refusedAfterSignal++;
          if (!signalled) throw error;
        }
      }
    };
    const clients = Promise.all(Array.from({ length: 6 }, client));
    await new Promise<void>((resolve) => {
      onStreamAnswer = () => streamAnswersBefore >= 30 && resolve();
    });

    signalled = true;
    first.child.kill('SIGTERM');
    await first.waitForOutput('shutting down: finishing requests in flight');

    // A new connection is refused. Until the listener has closed, a clean 503; in the instant it closes, a
    // connection the kernel had queued but the server never took is reset: nothing was done with it.
    const lateAnswers: HttpAnswer[] = [];
    const lateFailures: unknown[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const failure = await httpRequest(port, { method: 'GET', path: '/api/docs/json' }).then(
        (res) => void lateAnswers.push(res),
        (error: NodeJS.ErrnoException) => error,
      );
      if (failure) lateFailures.push(failure);
      if (failure?.code === 'ECONNREFUSED') break;
    }
    expect((lateFailures.at(-1) as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    for (const failure of lateFailures) expect(isConnectionError(failure), String(failure)).toBe(true);
    for (const res of lateAnswers) {
      expect({ status: res.status, body: JSON.parse(res.body) }).toEqual({
        status: 503,
        body: errorBody('error.serviceUnavailable'),
      });
    }

    // Every request in flight completes normally.
    for (const { request } of held) request.finish();
    pipelined.write(
      `${resetBody.slice(5)}GET ${buildPath(getAccountCall)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${auth.authorization}\r\n\r\n`,
    );
    const answers = await Promise.all(held.map(({ request }) => request.answer));
    expect(answers.map((a) => a.status)).toEqual(held.map(() => 200));
    held.forEach(({ kind }, i) => {
      const body = JSON.parse(answers[i]!.body);
      if (kind === 'batch') expect(body).toMatchObject({ id: expect.any(Number), daysToPay: 1 });
      if (kind === 'login') expect(body.access_token).toEqual(expect.any(String));
      if (kind === 'estimate') expect(body.creditEstimates).toHaveLength(3);
    });
    // The pipelined request arrived after the signal: refused with the one error body, and the connection closed.
    await pipelinedClosed;
    const [, firstAnswer, secondAnswer] = pipelinedAnswers.split(/^HTTP\/1\.1 /m);
    expect(firstAnswer, String(pipelinedError)).toMatch(/^200 /);
    expect(secondAnswer, String(pipelinedError)).toMatch(/^503 /);
    expect(JSON.parse(secondAnswer!.slice(secondAnswer!.indexOf('\r\n\r\n') + 4))).toEqual(
      errorBody('error.serviceUnavailable'),
    );

    await clients;
    expect(await first.exited, first.output().slice(-4_000)).toBe(0);
    // pg_ctl removes postmaster.pid only after a clean shutdown.
    expect(existsSync(path.join(setup.dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // The stream: answered normally, or refused before anything was done; never a failure, never half done.
    const answered = stream.filter((s) => s.status !== undefined);
    for (const s of answered.filter((s) => s.status !== 200)) {
      expect({ status: s.status, body: JSON.parse(s.body!) }).toEqual({
        status: 503,
        body: errorBody('error.serviceUnavailable'),
      });
    }
    for (const s of stream.filter((s) => s.error))
      expect(isConnectionError(s.error), String(s.error)).toBe(true);
    console.log(
      `SIGTERM under load: ${held.length + 1} requests in flight completed, stream of ${stream.length} ` +
        `(${answered.filter((s) => s.status === 200).length} answered 200, ` +
        `${answered.filter((s) => s.status === 503).length} 503, ${stream.length - answered.length} refused)`,
    );

    const restartAt = Date.now();
    const second = await startServer(setup);
    const res = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(res.status).toBe(200);
    const restartMs = Date.now() - restartAt;
    // The server's own figure: from its first line of code to listening (the cluster started, migrations
    // checked, the pool opened). Loading the code before it takes 3 s on a quiet machine and several times that
    // on a busy one, whatever the server does; a restart that waits for PostgreSQL's recovery or a lock does not.
    const readyMs = Number(/ready in (\d+) ms/.exec(second.output())?.[1]);
    console.log(`restart after SIGTERM under load: ready in ${readyMs} ms, first 200 after ${restartMs} ms`);
    expect(readyMs).toBeLessThan(5_000);
    expect(restartMs).toBeLessThan(30_000);

    // What was acknowledged is stored, and nothing that was not.
    const stored = await db
      .select({ key: batches.idempotencyKey })
      .from(batches)
      .where(like(batches.idempotencyKey, '%-%'));
    const storedKeys = stored.map((b) => b.key).sort();
    const acknowledgedKeys = [
      ...heldBatchIds.map((_, i) => `held-${i}`),
      ...answered.filter((s) => s.key && s.status === 200).map((s) => s.key!),
    ].sort();
    expect(storedKeys).toEqual(acknowledgedKeys);
    expect(await batchInvariantViolations(db, [programProviderId])).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  }, 90_000);
});

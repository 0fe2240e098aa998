import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildPath, requestPasswordResetCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  heldRequest,
  pause,
  postmastersOf,
  type ServerSetup,
  serverSetup,
  startServer,
  until,
} from './server-process';

/*
 * Stopping `npm start` as a terminal or a supervisor does (docs/product/operations.md#shutdown): the signal goes
 * to the process group, so npm and node both get it, and npm forwards its own copy to node.
 */

// Info logs: the test waits for the server's "incoming request" and "shutting down" lines.
const setup = await serverSetup({ LOG_LEVEL: 'info' });

/** The lines of PostgreSQL's own log (pg_ctl's server.log) saying the cluster shut down cleanly. */
function cleanShutdowns(s: ServerSetup) {
  const file = path.join(s.dataDir, 'pg', 'server.log');
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').split('database system is shut down').length - 1;
}

/**
 * `npm start`, with a password-reset request in flight (half its body sent) once it is up; `signalGroup` signals
 * its process group, `outcome` tells what came of it once the process has ended.
 */
async function npmStartWithRequestInFlight() {
  const shutdownsBefore = cleanShutdowns(setup);
  const server = await startServer(setup, 60_000, { npmStart: true });
  const request = heldRequest(setup.port, {
    method: 'POST',
    path: buildPath(requestPasswordResetCall),
    headers: { 'content-type': 'text/plain' },
    body: 'nobody@test.example',
  });
  const answer = request.answer.then(
    (res) => ({ status: res.status, body: res.body }),
    (error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }),
  );
  await server.waitForOutput('"msg":"incoming request"');
  return {
    server,
    signalGroup: (signal: NodeJS.Signals) => process.kill(-server.child.pid!, signal),
    /** Sends the rest of the request's body. */
    finishRequest: () => request.finish(),
    outcome: async () => ({
      answer: await answer,
      exitCode: await server.exited,
      postmasters: await postmastersOf(setup),
      cleanShutdowns: cleanShutdowns(setup) - shutdownsBefore,
    }),
  };
}

describe('stopping npm start', () => {
  for (const { signal, who } of [
    { signal: 'SIGINT', who: 'Ctrl-C in a terminal' },
    { signal: 'SIGTERM', who: 'a supervisor stopping the process group' },
  ] as const) {
    it(`${who} (${signal} to npm and node at once): the request in flight finishes, PostgreSQL stops cleanly, exit 0`, async () => {
      const { server, signalGroup, finishRequest, outcome } = await npmStartWithRequestInFlight();

      signalGroup(signal);
      await server.waitForOutput('shutting down: finishing requests in flight');
      // npm's forwarded copy has arrived by now (unless the kernel merged it with the first): the same request.
      await pause(300);
      finishRequest();

      expect(await outcome(), server.output()).toEqual({
        answer: { status: 200, body: '' },
        exitCode: 0,
        postmasters: [],
        cleanShutdowns: 1,
      });
      expect(server.output()).toContain('"msg":"stopped cleanly"');
    }, 60_000);
  }

  it('a second Ctrl-C within 2 s is the same request: the shutdown goes on and ends cleanly', async () => {
    const { server, signalGroup, finishRequest, outcome } = await npmStartWithRequestInFlight();

    signalGroup('SIGINT');
    await server.waitForOutput('shutting down: finishing requests in flight');
    await pause(1_000);
    signalGroup('SIGINT');
    await pause(300);
    finishRequest();

    expect(await outcome(), server.output()).toEqual({
      answer: { status: 200, body: '' },
      exitCode: 0,
      postmasters: [],
      cleanShutdowns: 1,
    });
    expect(server.output()).toContain('"msg":"already shutting down"');
    expect(server.output()).toContain('"msg":"stopped cleanly"');
  }, 60_000);

  it('a second Ctrl-C after 2 s ends the process at once, after a fast shutdown of PostgreSQL', async () => {
    const { server, signalGroup, outcome } = await npmStartWithRequestInFlight();

    signalGroup('SIGINT');
    await server.waitForOutput('shutting down: finishing requests in flight');
    await pause(2_500);
    signalGroup('SIGINT');

    // The request still in flight is cut off, nothing done with it (its body never arrived).
    expect(await outcome(), server.output()).toEqual({
      answer: { error: 'ECONNRESET' },
      exitCode: 1,
      postmasters: [],
      cleanShutdowns: 1,
    });
    expect(server.output()).toContain(
      '"msg":"second SIGINT: stopped the embedded PostgreSQL (fast shutdown), exiting"',
    );
  }, 60_000);

  it('Ctrl-C during the start-up, once PostgreSQL runs: what has started stops, PostgreSQL cleanly, exit 0', async () => {
    const shutdownsBefore = cleanShutdowns(setup);
    const server = await startServer(setup, 60_000, { npmStart: true, untilReady: false });
    await until('the cluster running', async () =>
      (await postmastersOf(setup)).length > 0 ? true : undefined,
    );
    process.kill(-server.child.pid!, 'SIGINT');

    const exitCode = await server.exited;
    expect(
      {
        exitCode,
        postmasters: await postmastersOf(setup),
        cleanShutdowns: cleanShutdowns(setup) - shutdownsBefore,
      },
      server.output(),
    ).toEqual({ exitCode: 0, postmasters: [], cleanShutdowns: 1 });
    expect(server.output()).not.toContain('ready in');
    expect(server.output()).toContain('stopped cleanly');
  }, 60_000);

  it('a start-up that fails (the port taken) stops the PostgreSQL it started, then exits 1', async () => {
    const shutdownsBefore = cleanShutdowns(setup);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(setup.port, '127.0.0.1', resolve));
    try {
      const server = await startServer(setup, 60_000, { npmStart: true, untilReady: false });
      const exitCode = await server.exited;
      expect(
        {
          exitCode,
          postmasters: await postmastersOf(setup),
          cleanShutdowns: cleanShutdowns(setup) - shutdownsBefore,
        },
        server.output(),
      ).toEqual({ exitCode: 1, postmasters: [], cleanShutdowns: 1 });
      expect(server.output()).toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});

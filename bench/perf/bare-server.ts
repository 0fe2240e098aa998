import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';

/*
 * The bench's yardsticks for throughput: a server that answers every request with one recorded answer of
 * the API (status, headers and the body bytes exactly as the API sent them, compressed if they were).
 * `node` mode is a bare node:http server; `fastify` mode is Fastify with no plugin and one route, the floor
 * of any Fastify route on this machine. Run as its own process, like the API, by bench/perf/throughput.ts;
 * prints its port.
 */
const [mode, file] = process.argv.slice(2) as ['node' | 'fastify', string];
const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };
const ready = (port: number) => process.stdout.write(`${port}\n`);

if (mode === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('/*', async (_request, reply) => reply.code(recorded.status).headers(headers).send(body));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  ready(Number(new URL(address).port));
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(recorded.status, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 72_000; // Fastify's default, as the API has it
  server.listen(0, '127.0.0.1', () => ready((server.address() as { port: number }).port));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

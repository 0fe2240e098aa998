import { readFileSync } from 'node:fs';
import http from 'node:http';

/*
 * The bench's yardstick: a bare node:http server that answers every request with one recorded answer of
 * the API (status, headers and the body bytes exactly as the API sent them, compressed if they were).
 * Run as its own process, like the API, by bench/perf/throughput.ts; prints its port.
 */
const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(recorded.status, headers);
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

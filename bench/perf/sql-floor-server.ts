import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './page-statements';

/*
 * The SQL floor of one credits page: a bare node:http server with a node-postgres pool that, for every request,
 * runs the statements the product runs to answer that page correctly (recorded from the product's own code:
 * bench/perf/page-statements.ts), one after the other as the product must (the access check needs the token's
 * user; the page needs the access check), then sends the product's recorded answer (same status, headers and
 * bytes). Nothing is cached: every request reads PostgreSQL as the product does. What the product spends beyond
 * this is its own (framework, validation, pricing, serialisation, compression). Run as its own process by
 * bench/perf/throughput.ts; prints its port.
 */
const [answerFile, statementsFile, url] = process.argv.slice(2) as [string, string, string];
const recorded = JSON.parse(readFileSync(answerFile, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const statements = JSON.parse(readFileSync(statementsFile, 'utf8')) as RecordedStatement[];
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };
// The product's pool size (apps/api/src/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });

let reported = false;
const server = http.createServer((req, res) => {
  req.resume();
  void (async () => {
    try {
      for (const statement of statements) {
        await pool.query({
          text: statement.text,
          values: statement.values,
          ...(statement.name && { name: statement.name }),
        });
      }
      res.writeHead(recorded.status, headers);
      res.end(body);
    } catch (error) {
      if (!reported) process.stderr.write(`SQL floor: ${String(error)}\n`);
      reported = true;
      res.writeHead(500);
      res.end(String(error));
    }
  })();
});
server.keepAliveTimeout = 72_000; // Fastify's default, as the API has it
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => {
  reported = true; // requests cut off by the stop are not the floor's failures
  server.close(() => void pool.end().then(() => process.exit(0)));
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/*
 * The SQL floor of one credits page (docs/performance.md#sql-floor): the least a correct answer of that page
 * must do, written by hand on node:http and a node-postgres pool. For every request: the token check (the
 * bearer token's hash, live and not revoked, with the user's roles and the second-factor rule), the access check
 * (the participation through the user's active team membership, not removed), and the page query (30 AVAILABLE
 * credits due on or after the first eligible day, in the page's order, with each one's invoice key), one after
 * the other as they depend on each other; then the product's recorded answer (same status, headers and bytes).
 * No count, no staleness probe, no pricing, no serialisation: what the product spends beyond this is its own.
 * Nothing is cached. Run as its own process by bench/perf/throughput.ts; prints its port.
 */
const [answerFile, url, programProviderId, eligibleFrom] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const recorded = JSON.parse(readFileSync(answerFile, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };
// The product's pool size (apps/api/src/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });

const tokenCheck = `select u.id, u.authorities, o.require_two_factor and u.totp_enabled_at is null as blocked
  from access_tokens t join users u on u.id = t.user_id join organizations o on o.id = u.organization_id
  where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()`;
const accessCheck = `select pp.id from program_providers pp
  join team_members tm on tm.company_id = pp.company_id and tm.active
  join persons p on p.id = tm.person_id and p.user_id = $2
  where pp.id = $1 and pp.status <> 'REMOVED'`;
// The web app's first page: soonest due first (the list's default order), ties by id.
const pageQuery = `select c.id, c.nf_number, c.nf_serial, c.buyer_name, c.order_detail, c.installment_number,
    c.expire_date::text, c.original_value_cents::text, c.kind, c.invoice_uploaded,
    (select ci.access_key from credit_invoices ci where ci.credit_id = c.id and ci.access_key is not null
      order by ci.id desc limit 1) as invoice_key
  from credits c where c.program_provider_id = $1 and c.status = 'AVAILABLE' and c.expire_date >= $2::date
  order by c.expire_date, c.id limit 30 offset 0`;

async function answer(authorization: string | undefined): Promise<number> {
  const token = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{10,200})$/i)?.[1];
  if (!token) return 401;
  const hash = createHash('sha256').update(token).digest('hex');
  const user = (await pool.query(tokenCheck, [hash])).rows[0] as
    | { id: number; authorities: string[]; blocked: boolean }
    | undefined;
  if (!user) return 401;
  if (user.blocked || !user.authorities.includes('ROLE_PROVIDER')) return 403;
  const access = await pool.query(accessCheck, [programProviderId, user.id]);
  if (access.rowCount === 0) return 404;
  await pool.query(pageQuery, [programProviderId, eligibleFrom]);
  return 200;
}

let reported = false;
const server = http.createServer((req, res) => {
  req.resume();
  answer(req.headers.authorization).then(
    (status) => {
      if (status !== 200) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(recorded.status, headers);
      res.end(body);
    },
    (error: unknown) => {
      if (!reported) process.stderr.write(`SQL floor: ${String(error)}\n`);
      reported = true;
      res.writeHead(500);
      res.end(String(error));
    },
  );
});
server.keepAliveTimeout = 72_000; // Fastify's default, as the API has it
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => {
  reported = true; // requests cut off by the stop are not the floor's failures
  server.close(() => void pool.end().then(() => process.exit(0)));
});

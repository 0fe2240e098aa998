import http from 'node:http';
import zlib from 'node:zlib';
import { passwordGrantForm } from '../../e2e/local-client';

/** What the bench's client asks for: what Node can inflate of what Chromium sends (it adds zstd). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire (compressed when the server compressed it). */
  raw: Buffer;
  /** From the request's start to the answer's last byte. */
  ms: number;
};

export type Client = {
  base: string;
  send(input: {
    method?: string;
    path: string;
    /** Sent as JSON; a Buffer is sent as it is (JSON encoded beforehand, outside any timing). */
    body?: unknown;
    headers?: Record<string, string>;
  }): Promise<Answer>;
  close(): void;
};

/**
 * One keep-alive connection, as a browser tab reuses one: requests go one after the other, each timed to
 * its last byte. node:http rather than fetch, so inflating the answer (the client's work) stays out of the
 * timing: `json()` inflates afterwards.
 */
export function createClient(base: string, authorization?: string): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    base,
    send: ({ method = 'GET', path, body, headers = {} }) => {
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.request(
          `${base}${path}`,
          {
            method,
            agent,
            timeout: 60_000,
            headers: {
              'accept-encoding': ACCEPT_ENCODING,
              accept: 'application/json',
              ...(authorization && { authorization }),
              ...(payload !== undefined && { 'content-type': 'application/json' }),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                raw: Buffer.concat(chunks),
                ms: performance.now() - started,
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export function decoded(answer: Answer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.raw);
    case 'gzip':
      return zlib.gunzipSync(answer.raw);
    case 'deflate':
      return zlib.inflateSync(answer.raw);
    default:
      return answer.raw;
  }
}

export function json<T>(answer: Answer): T {
  return JSON.parse(decoded(answer).toString('utf8')) as T;
}

/** Throws with the start of the body unless the answer has the expected status. */
export function expectStatus(answer: Answer, what: string, status = 200): Answer {
  if (answer.status !== status) {
    throw new Error(`${what}: HTTP ${answer.status} ${decoded(answer).toString('utf8').slice(0, 300)}`);
  }
  return answer;
}

export type Token = { access_token: string; expires_in: number };

/** POST /api/oauth/token, as the README's curl and the web app do. */
export async function logIn(base: string, email: string, password: string): Promise<Token> {
  const form = new URLSearchParams(passwordGrantForm(email, password));
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  if (res.status !== 200) throw new Error(`login of ${email}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Token;
}

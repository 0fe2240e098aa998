import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { onCleanup } from './cleanup';

/*
 * The phone figures' yardstick (docs/performance.md#phone): the product's drawn `/` with its scripts removed,
 * served on loopback beside the product, every other path (the CSS, the font) passed through to the product
 * unchanged. Loaded the same way as the pages, it paints as fast as any page drawn by a server can on this
 * machine right now: the HTML, the CSS and the font over the emulated network, no script.
 */

export type Floor = { base: string; drawn: boolean; htmlBytes: number; close(): Promise<void> };

/** The page the product draws at `/`, without its scripts and module preloads. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

export async function startFloor(productBase: string): Promise<Floor> {
  const answer = await fetch(`${productBase}/`);
  if (!answer.ok) throw new Error(`GET / answered ${answer.status}`);
  const html = withoutScripts(await answer.text());
  const compressed = brotliCompressSync(html);
  const csp = answer.headers.get('content-security-policy');
  const product = new URL(productBase);
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
      const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...(csp && { 'content-security-policy': csp }),
        ...(brotli && { 'content-encoding': 'br' }),
      });
      res.end(brotli ? compressed : html);
      return;
    }
    const upstream = http.request(
      {
        host: product.hostname,
        port: product.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: product.host },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const forget = onCleanup('phone floor server', stop);
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    drawn: html.includes('data-drawn-locale'),
    htmlBytes: compressed.length,
    close: async () => {
      forget();
      await stop();
    },
  };
}

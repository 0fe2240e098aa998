import net from 'node:net';

export type ProxyMode = 'open' | 'refused' | 'unreachable';

/**
 * A TCP proxy on loopback between the app and PostgreSQL that a test can cut:
 * - `refused`: every connection is cut and new ones are refused (PostgreSQL down or restarting);
 * - `unreachable`: every connection is cut and new ones are accepted but never answered (a network
 *   partition, a hung server), so only the client's own timeouts end them;
 * - `open`: forwarding again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'open';
  let cutOnNextData = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'open') return; // unreachable: accepted, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('data', () => {
      if (!cutOnNextData) return;
      cutOnNextData = false;
      client.destroy();
      upstream.destroy();
    });
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    port,
    mode: () => mode,
    async set(next: ProxyMode) {
      mode = next;
      cutAll();
      if (next === 'refused' && server.listening) await new Promise<void>((r) => server.close(() => r()));
      if (next !== 'refused' && !server.listening) await listen(port);
    },
    /** The next bytes the app sends end that connection (a database restart or failover at that moment). */
    cutOnNextData() {
      cutOnNextData = true;
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

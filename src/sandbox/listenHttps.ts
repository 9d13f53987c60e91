/**
 * Starts a sandbox TLS listener and names its origin: the address it bound, with
 * `0.0.0.0` shown as 127.0.0.1 and an IPv6 host in brackets.
 */
import type { Server } from 'node:net';

export async function listenForOrigin(server: Server, port: number, host: string): Promise<{ origin: string; port: number }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return { origin: `https://${shown}:${bound}`, port: bound };
}

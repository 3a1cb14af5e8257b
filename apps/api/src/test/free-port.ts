import { createServer } from 'node:net';

/**
 * A TCP port free on the loopback interface right now: the OS picks it for a moment's listener.
 * Used wherever tests, benches, e2e and scripts start a server of their own (one copy for all).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

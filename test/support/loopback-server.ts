/**
 * Serves a request handler on 127.0.0.1 at a free port, for the local stand-ins of web services
 * (TMDB, TheDiscDB) that tests talk to instead of the internet.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  port: number;
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

export async function listenOnLoopback(handle: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Puts the HTTP app on its port. koa-websocket attaches its WebSocket server inside app.listen();
 * `close` also ends open WebSockets (a browser tab would otherwise hold server.close() open).
 */
import type { Server } from 'node:http';
import type { createHttpApp } from '../http/create-http-app.ts';

export type HttpApp = ReturnType<typeof createHttpApp>;

export async function listen(
  app: HttpApp,
  port: number,
  host: string,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s.off('error', reject)));
    s.once('error', reject);
  });
  const close = () =>
    new Promise<void>((resolve) => {
      app.ws.server?.close();
      for (const socket of app.ws.server?.clients ?? []) {
        socket.close(1001, 'server shutting down');
        setTimeout(() => socket.terminate(), 1000).unref();
      }
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, close };
}

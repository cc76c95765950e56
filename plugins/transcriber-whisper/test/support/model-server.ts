/** A local HTTP server that serves model files the way the Hugging Face resolve URL does (GET <base>/<file>). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelServer {
  baseUrl: string;
  /** GET requests received, by file name. */
  requests: string[];
  /** Replaces (or adds) the bytes served for a file name. */
  serve(fileName: string, bytes: Buffer): void;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

export async function startModelServer(files: Record<string, Buffer> = {}): Promise<ModelServer> {
  const table = new Map(Object.entries(files));
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.split('/').pop() ?? '');
    requests.push(name);
    const bytes = table.get(name);
    if (!bytes) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) });
    // In chunks, yielding between them, so the client sees the download progress.
    let offset = 0;
    const next = () => {
      if (offset >= bytes.length) return void res.end();
      const end = Math.min(bytes.length, offset + CHUNK);
      const ok = res.write(bytes.subarray(offset, end));
      offset = end;
      if (ok) setImmediate(next);
      else res.once('drain', next);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/ggerganov/whisper.cpp/resolve/main`,
    requests,
    serve: (fileName, bytes) => void table.set(fileName, bytes),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

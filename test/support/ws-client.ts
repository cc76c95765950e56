/** A WebSocket test client that records every message and can wait for one that matches. */
import WebSocket from 'ws';

export interface RecordingSocket {
  messages: Record<string, unknown>[];
  waitFor(predicate: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectWs(baseUrl: string, path = '/ws'): Promise<RecordingSocket> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + path);
  const messages: Record<string, unknown>[] = [];
  const waiters: {
    predicate: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.predicate(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    messages,
    waitFor(predicate, timeoutMs = 15_000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching WebSocket message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}

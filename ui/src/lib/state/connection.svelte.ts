/**
 * The UI's one WebSocket to `/ws`. Reconnects on its own with exponential backoff, notices a
 * silent connection (no message, not even the 30 s ping, for 75 s) and tells listeners when it
 * is open again so they re-fetch what they may have missed.
 */
import type { ClientMessage } from '../api/generated.ts';
import { Backoff } from '../backoff.ts';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

const SILENCE_LIMIT_MS = 75_000;

function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class LiveConnection {
  status = $state<ConnectionStatus>('connecting');
  /** When the next reconnect attempt happens (epoch ms), while reconnecting. */
  retryAt = $state<number | null>(null);
  /** Times the socket was opened again after a loss. */
  reconnects = $state(0);

  private socket: WebSocket | null = null;
  private readonly backoff = new Backoff();
  private readonly messageListeners = new Set<(message: ClientMessage) => void>();
  private readonly openListeners = new Set<(reconnected: boolean) => void>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private everOpened = false;
  private stopped = false;

  constructor(private readonly url: string = defaultUrl()) {}

  start(): void {
    this.stopped = false;
    addEventListener('online', this.retryNow);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    removeEventListener('online', this.retryNow);
    this.clearTimers();
    this.socket?.close();
    this.socket = null;
  }

  /** Calls `listener` for every message; returns the unsubscribe function. */
  onMessage(listener: (message: ClientMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Calls `listener` each time the socket opens (`reconnected` is false the first time). */
  onOpen(listener: (reconnected: boolean) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** Skips the remaining backoff wait (e.g. the browser came back online). */
  readonly retryNow = (): void => {
    if (this.status !== 'reconnecting' || this.stopped) return;
    this.clearTimers();
    this.connect();
  };

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.retryAt = null;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.backoff.reset();
      this.status = 'open';
      if (reconnected) this.reconnects++;
      this.watchSilence();
      for (const listener of this.openListeners) listener(reconnected);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.watchSilence();
      let message: ClientMessage;
      try {
        message = JSON.parse(String(event.data)) as ClientMessage;
      } catch {
        return;
      }
      if (!message || typeof message.type !== 'string') return;
      for (const listener of this.messageListeners) listener(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
    socket.onerror = () => socket.close();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.clearTimers();
    this.status = 'reconnecting';
    const delay = this.backoff.next();
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private watchSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.socket?.close(), SILENCE_LIMIT_MS);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.retryTimer = null;
    this.silenceTimer = null;
  }
}

/**
 * The typed domain event bus. Listeners run synchronously in subscription order; a throwing
 * listener is logged and never breaks the publisher or the other listeners.
 */
import type { DomainEventMap, DomainEventName, Logger } from '@spindle/plugin-sdk';
import { errorMessage } from '@spindle/plugin-sdk';

type Listener<E extends DomainEventName> = (payload: DomainEventMap[E]) => void;

export class EventBus {
  private readonly listeners = new Map<DomainEventName, Set<Listener<DomainEventName>>>();

  constructor(private readonly logger: Logger | null = null) {}

  on<E extends DomainEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<DomainEventName>);
    return () => set.delete(listener as Listener<DomainEventName>);
  }

  emit<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        this.logger?.error(`listener for ${event} failed`, { error: errorMessage(error) });
      }
    }
  }
}

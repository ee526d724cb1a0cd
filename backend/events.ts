import { EventEmitter } from 'node:events';
import type { EventName, EventPayload } from '../shared/contract';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Typed events pushed from the backend to every connected UI. */
export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    this.emitter.emit('event', name, payload);
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void {
    this.emitter.on('event', listener);
    this.emitter.emit('subscribers', this.subscribers);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.emitter.off('event', listener);
      this.emitter.emit('subscribers', this.subscribers);
    };
  }

  /** How many listeners (connected UIs) there are now. */
  get subscribers(): number {
    return this.emitter.listenerCount('event');
  }

  /** Calls `listener` with the new count whenever a UI connects or goes; returns the function that stops it. */
  watchSubscribers(listener: (count: number) => void): () => void {
    this.emitter.on('subscribers', listener);
    return () => this.emitter.off('subscribers', listener);
  }
}

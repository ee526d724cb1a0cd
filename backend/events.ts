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
    return () => this.emitter.off('event', listener);
  }
}

import { HELD_EVENTS, REPLAYED_EVENTS, type BusEventName, type BusEvents, type HeldEventName } from '@adire/contracts';
import mitt, { type Emitter } from 'mitt';

type Handler<K extends BusEventName> = (payload: BusEvents[K]) => void;

export interface EventBus {
  emit<K extends BusEventName>(type: K, payload: BusEvents[K]): void;
  /**
   * Subscribe; state-like events call the handler at once with their last value, held commands
   * (HELD_EVENTS) emitted while nobody listened are delivered to it. Returns an unsubscribe.
   */
  on<K extends BusEventName>(type: K, handler: Handler<K>): () => void;
  /** Be told when a command (HELD_EVENTS) is kept because nobody listens to it yet. */
  onHeld(handler: (type: HeldEventName) => void): () => void;
  /** Last value of a state-like event, if any was emitted. */
  last<K extends (typeof REPLAYED_EVENTS)[number]>(type: K): BusEvents[K] | undefined;
  /** Identity of this bus instance: lets tests prove every app got the same one. */
  readonly instanceId: string;
}

const replayed = new Set<BusEventName>(REPLAYED_EVENTS);
const held = new Set<BusEventName>(Object.keys(HELD_EVENTS) as HeldEventName[]);

export function createEventBus(): EventBus {
  const emitter: Emitter<BusEvents> = mitt<BusEvents>();
  const lastValues = new Map<BusEventName, unknown>();
  const waiting = new Map<BusEventName, unknown[]>();
  const heldWatchers = new Set<(type: HeldEventName) => void>();
  return {
    instanceId: Math.random().toString(36).slice(2),
    emit(type, payload) {
      if (replayed.has(type)) lastValues.set(type, payload);
      if (held.has(type) && !emitter.all.get(type)?.length) {
        waiting.set(type, [...(waiting.get(type) ?? []), payload]);
        for (const watcher of heldWatchers) watcher(type as HeldEventName);
        return;
      }
      emitter.emit(type, payload);
    },
    on(type, handler) {
      emitter.on(type, handler);
      if (lastValues.has(type)) handler(lastValues.get(type) as BusEvents[typeof type]);
      const kept = waiting.get(type);
      if (kept) {
        waiting.delete(type);
        for (const payload of kept) handler(payload as BusEvents[typeof type]);
      }
      return () => emitter.off(type, handler);
    },
    onHeld(handler) {
      heldWatchers.add(handler);
      return () => heldWatchers.delete(handler);
    },
    last(type) {
      return lastValues.get(type) as BusEvents[typeof type] | undefined;
    },
  };
}

/**
 * The shop's one bus. Module Federation shares this package as a singleton, so the shell and every
 * remote import the same module instance and therefore the same bus.
 */
export const bus: EventBus = createEventBus();

/** Ask the shell to confirm; resolves with the shopper's answer. */
export function confirmWithShopper(
  request: Omit<BusEvents['confirm:request'], 'id'>,
  target: EventBus = bus,
): Promise<boolean> {
  const id = `confirm-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const off = target.on('confirm:answer', (answer) => {
      if (answer.id !== id) return;
      off();
      resolve(answer.confirmed);
    });
    target.emit('confirm:request', { ...request, id });
  });
}

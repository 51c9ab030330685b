import { REPLAYED_EVENTS, type BusEventName, type BusEvents } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useEffect, useState } from 'react';

const replayed = new Set<BusEventName>(REPLAYED_EVENTS);

function lastValue<K extends BusEventName>(type: K): BusEvents[K] | undefined {
  return replayed.has(type) ? (bus.last(type as (typeof REPLAYED_EVENTS)[number]) as BusEvents[K] | undefined) : undefined;
}

/** The latest value of a (replayed) bus event, re-rendering when it changes. */
export function useBusValue<K extends BusEventName>(type: K): BusEvents[K] | undefined;
export function useBusValue<K extends BusEventName>(type: K, initial: BusEvents[K]): BusEvents[K];
export function useBusValue<K extends BusEventName>(type: K, initial?: BusEvents[K]): BusEvents[K] | undefined {
  // A replayed event's last value is the first render's (no empty first frame when it is already known).
  const [value, setValue] = useState<BusEvents[K] | undefined>(() => lastValue(type) ?? initial);
  useEffect(() => bus.on(type, (payload) => setValue(() => payload)), [type]);
  return value;
}

/** Subscribe to a bus event for the component's lifetime. */
export function useBusEvent<K extends BusEventName>(type: K, handler: (payload: BusEvents[K]) => void): void {
  useEffect(() => bus.on(type, handler), [type, handler]);
}

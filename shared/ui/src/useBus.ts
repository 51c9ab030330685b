import type { BusEventName, BusEvents } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useEffect, useState } from 'react';

/** The latest value of a (replayed) bus event, re-rendering when it changes. */
export function useBusValue<K extends BusEventName>(type: K): BusEvents[K] | undefined;
export function useBusValue<K extends BusEventName>(type: K, initial: BusEvents[K]): BusEvents[K];
export function useBusValue<K extends BusEventName>(type: K, initial?: BusEvents[K]): BusEvents[K] | undefined {
  const [value, setValue] = useState<BusEvents[K] | undefined>(initial);
  useEffect(() => bus.on(type, (payload) => setValue(() => payload)), [type]);
  return value;
}

/** Subscribe to a bus event for the component's lifetime. */
export function useBusEvent<K extends BusEventName>(type: K, handler: (payload: BusEvents[K]) => void): void {
  useEffect(() => bus.on(type, handler), [type, handler]);
}

import type { BusEvents, REPLAYED_EVENTS } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';

type Replayed = (typeof REPLAYED_EVENTS)[number];

/** A replayed bus value, right from the first render (no empty first paint that then shifts). */
export function useLatest<K extends Replayed>(type: K): BusEvents[K] | undefined {
  return useBusValue(type, bus.last(type) as BusEvents[K]) as BusEvents[K] | undefined;
}

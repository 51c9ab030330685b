import { api } from '@adire/api-client';
import type { DayPlace, DeliveryDay } from '@adire/contracts';
import { isApiDate } from '@adire/domain';
import { fetchDeliveryDays, type DayAnswers } from '@adire/domain/days';
import { useCallback, useEffect, useState } from 'react';
import { DAY_CHOICES } from './days';

const NONE: DayAnswers = new Map();

/**
 * The shop's answer for the chosen place: the days of the list (from today, or from tomorrow once
 * the same-day cutoff has passed: one day more) and, when the chosen day is later, that day too. `reload` asks again (a day filled while the shopper was checking out).
 * Nothing while no place is chosen.
 */
export function useDeliveryDays(place: DayPlace | null, today: string, chosen: string): { answers: DayAnswers; reload(): void } {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; answers: DayAnswers }>({ key: '', answers: NONE });
  const later = isApiDate(chosen) && chosen >= today && !isWithinList(chosen, today) ? chosen : '';
  const key = place ? `${place}|${today}|${later}` : '';
  useEffect(() => {
    if (!place) return;
    const controller = new AbortController();
    const asks = [fetchDeliveryDays(api, place, today, DAY_CHOICES + 1, controller.signal), later ? fetchDeliveryDays(api, place, later, 1, controller.signal) : null];
    void Promise.all(asks).then(([list, day]) => {
      if (controller.signal.aborted) return;
      const answers = new Map<string, DeliveryDay>([...(list ?? []), ...(day ?? [])]);
      setState({ key, answers });
    });
    return () => controller.abort();
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { answers: state.key === key ? state.answers : NONE, reload };
}

function isWithinList(date: string, today: string): boolean {
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= DAY_CHOICES;
}

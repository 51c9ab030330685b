import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DayPlace, type DeliveryDay, type DeliveryMethod } from '@adire/contracts';
import { isApiDate } from '@adire/domain';
import { dayLine, dayNote, daysFrom, fewLeftWords, shownDay, type DayAnswers } from '@adire/domain/days';
import { formatCalendarDay } from '@adire/domain/formats';

/**
 * The checkout's delivery days, pure: the choices of the next two weeks for the chosen method and
 * place, each with its reason when it cannot be taken or 'Only N left' when few places are.
 */

/** How many days the list offers; later days are typed into the date field. */
export const DAY_CHOICES = 14;

const NO_ANSWERS: DayAnswers = new Map();
/** A place of each method to read the date rule by while the shopper has not chosen theirs. */
const RULE_PLACE: Record<DeliveryMethod, DayPlace> = { delivery: 'lagos', pickup: 'pickup:Lekki LPL' };

/**
 * How a day is shown: for the chosen place, the shop's answer read with the date rule; before a
 * place is chosen, the date rule alone (past, closed, order-by time, same-day cutoff), since no
 * place's capacity is the shopper's yet.
 */
export function dayReader(place: DayPlace | null, method: DeliveryMethod, answers: DayAnswers, now: Date, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS) {
  if (place) return (date: string): DeliveryDay => shownDay(date, answers, place, now, settings);
  const noCapacity = { ...settings, capacities: [] };
  return (date: string): DeliveryDay => shownDay(date, NO_ANSWERS, RULE_PLACE[method], now, noCapacity);
}

/** '2027-02-14' → 'Sun 14 Feb'. */
export const choiceLabel = (date: string): string => formatCalendarDay(date);

export interface DayChoice {
  date: string;
  label: string;
  /** Why it cannot be taken, or 'Only N left'; null for an open day with places enough. */
  note: string | null;
  disabled: boolean;
}

/** The days from `from` (today, in the shop's time zone), as radio choices. */
export function dayChoices(from: string, dayOf: (date: string) => DeliveryDay, count = DAY_CHOICES): DayChoice[] {
  return daysFrom(from, count).map((date) => {
    const day = dayOf(date);
    return { date, label: choiceLabel(date), note: dayNote(day), disabled: !day.open };
  });
}

/**
 * A chosen day typed into the date field (not one of the choices, which say it themselves) that has
 * few places left: '14 Feb: Only 2 left'; null otherwise (its error, when it cannot be taken, is the
 * field's).
 */
export function typedDayNote(chosen: string, choices: readonly DayChoice[], dayOf: (date: string) => DeliveryDay): string | null {
  if (!isApiDate(chosen) || choices.some((c) => c.date === chosen)) return null;
  const day = dayOf(chosen);
  return fewLeftWords(day) ? dayLine(day) : null;
}

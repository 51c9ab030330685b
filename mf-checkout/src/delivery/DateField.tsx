import type { CheckoutSettings, DayPlace } from '@adire/contracts';
import { addDays, cutoffMessage, earliestDate, readDeliveryMethod, sameDayOpen, shopDate } from '@adire/domain';
import { type DayAnswers } from '@adire/domain/days';
import { useEffect, useState } from 'react';
import styles from '../form.module.css';
import { dayChoices, dayReader, typedDayNote } from './days';
import { TextField, type FormApi } from './fields';
import { formatCalendarDayLong } from '@adire/domain/formats';

/** The clock, re-read every `everyMs` (the countdown ticks each second). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

function formatDay(date: string): string {
  return formatCalendarDayLong(date);
}

/**
 * The delivery (or pick-up) day. The next two weeks are choices, each saying why it cannot be taken
 * (closed, orders closed, fully booked at the chosen place) or 'Only N left'; a later day is typed
 * into the date field, whose error gives a chosen day's reason and whose line says its 'Only N left'. Today is offered only before the
 * same-day cutoff (the field's min moves to tomorrow once it passes), with a live countdown to it.
 */
export function DateField({ f, settings, place, answers }: { f: FormApi; settings: CheckoutSettings; place: DayPlace | null; answers: DayAnswers }) {
  const now = useNow(1000);
  const method = readDeliveryMethod(f.form.deliveryMethod) ?? 'delivery';
  const min = earliestDate(now, method, settings);
  const today = shopDate(now, settings.timeZone);
  // After the cutoff, today is left out: the countdown line under the field says so.
  const from = sameDayOpen(now, method, settings) ? today : addDays(today, 1);
  const dayOf = dayReader(place, method, answers, now, settings);
  const choices = dayChoices(from, dayOf);
  const typedNote = place ? typedDayNote(f.form.deliveryDate, choices, dayOf) : null;
  const where = method === 'pickup' ? 'branch' : 'state';
  return (
    <div className={styles.date}>
      <div role="radiogroup" aria-label="Days in the next two weeks" aria-describedby="checkout-days-hint" className={styles.days}>
        {choices.map((c) => (
          <label key={c.date} className={`${styles.day} ${c.disabled ? styles.dayShut : ''}`}>
            <input
              type="radio"
              name="deliveryDay"
              value={c.date}
              checked={f.form.deliveryDate === c.date}
              disabled={c.disabled}
              onChange={() => {
                f.set('deliveryDate', c.date);
                f.blur('deliveryDate');
              }}
            />
            <span className={styles.dayName}>{c.label}</span>{' '}
            <span className={c.disabled ? styles.dayReason : styles.dayFew}>{c.note ?? ''}</span>
          </label>
        ))}
      </div>
      <p id="checkout-days-hint" className={styles.hint}>
        {place ? 'Days that cannot be taken say why.' : `Choose the ${where} to see which days still have places.`}
      </p>
      <TextField f={f} name="deliveryDate" type="date" min={min} hint={`For a later day, type it here. The earliest day is ${formatDay(min)}.`} />
      {/* A later day's places, as the list says them for its days ('14 Feb: Only 2 left'); heard when it changes. */}
      <p className={styles.dayFew} role="status">
        {typedNote ?? ''}
      </p>
      {/* A fixed-height line, not announced every second: the ticking text never moves the form. */}
      <p className={styles.countdown}>{cutoffMessage(now, method, settings)}</p>
    </div>
  );
}

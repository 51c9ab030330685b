import type { CheckoutSettings } from '@adire/contracts';
import { cutoffMessage, earliestDate, readDeliveryMethod } from '@adire/domain';
import { useEffect, useState } from 'react';
import styles from '../form.module.css';
import { TextField, type FormApi } from './fields';

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
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The delivery (or pick-up) day: today is offered only before the same-day cutoff (the input's min
 * moves to tomorrow once it passes), with a live countdown to it.
 */
export function DateField({ f, settings }: { f: FormApi; settings: CheckoutSettings }) {
  const now = useNow(1000);
  const method = readDeliveryMethod(f.form.deliveryMethod) ?? 'delivery';
  const min = earliestDate(now, method, settings);
  return (
    <div className={styles.date}>
      <TextField f={f} name="deliveryDate" type="date" min={min} hint={`The earliest day is ${formatDay(min)}.`} />
      {/* A fixed-height line, not announced every second: the ticking text never moves the form. */}
      <p className={styles.countdown}>{cutoffMessage(now, method, settings)}</p>
    </div>
  );
}

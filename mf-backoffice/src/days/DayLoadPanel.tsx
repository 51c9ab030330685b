import type { DayLoad } from '@adire/contracts';
import { Link } from '@adire/router';
import styles from '../backoffice.module.css';
import { orderByLine, placeLoadWords, sheetFor } from '../days';
import { DayHolds } from './DayHolds';

/** One day's places: taken and held against capacity, a full or over-booked place marked in words, each place's day sheet, and who holds them. */
export function DayLoadPanel({ load, heading }: { load: DayLoad; heading: string }) {
  return (
    <>
      <section aria-label={`Places on ${heading}`} className={styles.panel}>
        <h2>Places on {heading}</h2>
        {load.closed && <p className={styles.error}>Closed{load.closed.note ? `: ${load.closed.note}` : ''}.</p>}
        {load.orderBy && <p>{orderByLine({ date: load.date, closesAt: load.orderBy }, new Date())}.</p>}
        <ul aria-label={`Load on ${heading}`} className={styles.loads}>
          {load.places.map((p) => {
            const words = placeLoadWords(p);
            const crowded = words.state === 'full' || words.state === 'over';
            return (
              <li key={p.place} className={`${styles.load} ${crowded ? styles.crowded : ''}`}>
                <span className={styles.loadPlace}>{words.label}</span> <span>{words.count}</span>
                {words.flag && <strong className={crowded ? styles.flag : styles.note}>{words.flag}</strong>}
                <Link to={sheetFor(load.date, p.place)} aria-label={`Day sheet for ${words.label}`}>
                  Day sheet
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <DayHolds date={load.date} heading={heading} />
    </>
  );
}

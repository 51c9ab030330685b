import { FLORIST_NOTE, type DaySheet as DaySheetAnswer, type DaySheetQuery } from '@adire/contracts';
import { isApiDate, shopDate } from '@adire/domain';
import { readDayPlace } from '@adire/domain/days';
import { Link, useNavigate, useParams, useSearchParams } from '@adire/router';
import { useEffect, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { dateHeading } from '../board';
import { boardForDay, itemLine, placeLabel, PLACE_CHOICES, sheetFor, telHref } from '../days';

/**
 * What a rider (a zone) or a branch (its pick-ups) needs for a day, one block per order: number,
 * recipient, phone to call, address, items with sizes and designs, card message, instructions. The
 * print style sheet leaves out the bar and the controls and keeps each order whole on its page.
 */
export function DaySheet() {
  const { date = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('place') ?? PLACE_CHOICES[0]!.place;
  const place = readDayPlace(asked);
  const [sheet, setSheet] = useState<DaySheetAnswer | null>(null);
  const [error, setError] = useState('');
  const heading = isApiDate(date) ? dateHeading(date, shopDate()) : date;

  useEffect(() => {
    setSheet(null);
    setError('');
    if (!isApiDate(date) || !place) return setError(!place ? `No zone or branch is called ${asked}.` : `${date} is not a day (YYYY-MM-DD).`);
    const controller = new AbortController();
    void staffApi.get<DaySheetAnswer, DaySheetQuery>(paths.daySheet(date), { place }, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.error || !res.data) setError(res.message);
      else setSheet(res.data);
    });
    return () => controller.abort();
  }, [date, place, asked]);

  const title = place ? `Day sheet: ${placeLabel(place)}, ${heading}` : 'Day sheet';
  const paid = sheet?.orders.filter((o) => o.paid).length ?? 0;

  return (
    <article className={`${styles.page} ${styles.sheet}`} aria-labelledby="sheet-heading">
      <div className={`${styles.sheetControls} ${styles.noPrint}`}>
        <Link to={boardForDay(date)}>Back to the board for {heading}</Link>
        <label>
          Zone or branch
          <select value={place ?? ''} onChange={(e) => navigate(sheetFor(date, e.target.value as NonNullable<typeof place>))}>
            {PLACE_CHOICES.map((p) => (
              <option key={p.place} value={p.place}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.primary} onClick={() => window.print()} disabled={!sheet?.orders.length}>
          Print
        </button>
      </div>
      <h1 id="sheet-heading">{title}</h1>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!sheet && !error && <p>Loading the day sheet…</p>}
      {sheet && (
        <p>
          {sheet.orders.length === 0
            ? `No orders for ${placeLabel(sheet.place)} on this day.`
            : `${sheet.orders.length} ${sheet.orders.length === 1 ? 'order' : 'orders'}, ${paid} paid.`}
        </p>
      )}
      {sheet && sheet.orders.length > 0 && (
        <ol aria-label="Orders on the sheet" className={styles.sheetOrders}>
          {sheet.orders.map((o) => (
            <li key={o.orderNumber} className={styles.sheetOrder} aria-labelledby={`sheet-${o.orderNumber}`}>
              <h2 id={`sheet-${o.orderNumber}`}>
                {o.orderNumber} <span className={o.paid ? styles.note : styles.flag}>{o.paid ? 'Paid' : 'Not paid yet'}</span>
              </h2>
              <dl className={styles.facts}>
                <dt>Recipient</dt>
                <dd>{o.recipient || '—'}</dd>
                <dt>Phone</dt>
                <dd>{o.phone ? <a href={telHref(o.phone)}>{o.phone}</a> : '—'}</dd>
                <dt>{place?.startsWith('pickup:') ? 'Branch' : 'Address'}</dt>
                <dd>
                  {o.address || '—'}
                  {o.zone ? ` (${o.zone})` : ''}
                </dd>
                <dt>Items</dt>
                <dd>
                  <ul className={styles.sheetItems}>
                    {o.items.map((item, i) => (
                      <li key={i}>{itemLine(item)}</li>
                    ))}
                  </ul>
                </dd>
                <dt>Card message</dt>
                <dd className={styles.sheetCard}>{o.cardMessage || '—'}</dd>
                <dt>Instructions</dt>
                <dd>{o.instructions || '—'}</dd>
                {o.floristNote && (
                  <>
                    <dt>{FLORIST_NOTE.label}</dt>
                    <dd className={styles.floristNote}>{o.floristNote}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

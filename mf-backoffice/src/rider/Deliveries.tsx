import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  PHOTO_CAPTION_MAX,
  PHOTO_FORM,
  RECEIVED_BY_MAX,
  type CurrencyName,
  type DeliveryFailureReason,
  type PhotoUploadAnswer,
  type RiderDeliveriesAnswer,
  type RiderDeliveriesQuery,
  type RiderDelivery,
  type RiderRouteRequest,
} from '@adire/contracts';
import { formatAmount, shopDate } from '@adire/domain';
import { formatShopClockTime } from '@adire/domain/formats';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { paths, staffApi, staffUpload } from '../api';
import styles from '../backoffice.module.css';
import { useSession } from '../session';
import own from './rider.module.css';

/** The back office's home: a rider's own deliveries, everyone else's board. */
export function RiderHome({ otherwise }: { otherwise: ReactNode }) {
  const role = useSession((s) => s.session?.role);
  return role === 'rider' ? <Deliveries /> : otherwise;
}

const STATUS_WORDS: Record<string, string> = { received: 'Not out yet', arranged: 'Ready', despatched: 'Out for delivery', delivered: 'Delivered' };

/**
 * A rider's day on a phone (issue 40): only the deliveries given to them, in a route order they change;
 * for each the address with a maps link, the recipient's phone to call, the card message and notes;
 * "Out for delivery", then "Delivered" (a photo at the door and who took the flowers) or "Could not
 * deliver" (why, and a photo). The server checks every call: nothing else is theirs to see.
 */
export function Deliveries() {
  const [date, setDate] = useState(shopDate());
  const [list, setList] = useState<RiderDelivery[] | null>(null);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');

  const load = useCallback(async () => {
    const res = await staffApi.get<RiderDeliveriesAnswer, RiderDeliveriesQuery>(paths.riderDeliveries, { date });
    if (res.error || !res.data) return setProblem(res.message);
    setList(res.data.deliveries);
  }, [date]);
  useEffect(() => void load(), [load]);

  const move = async (index: number, by: -1 | 1) => {
    if (!list) return;
    const order = list.map((d) => d.orderNumber);
    const [taken] = order.splice(index, 1);
    order.splice(index + by, 0, taken!);
    const res = await staffApi.put<RiderDeliveriesAnswer, RiderRouteRequest>(paths.riderRoute, { date, orderNumbers: order });
    if (res.error || !res.data) return setProblem(res.message);
    setProblem('');
    setList(res.data.deliveries);
    setSaid(`Moved order ${taken} to stop ${index + by + 1}.`);
  };
  const out = async (d: RiderDelivery) => {
    const res = await staffApi.post<RiderDeliveriesAnswer>(paths.riderOut(d.orderNumber));
    if (res.error || !res.data) return setProblem(res.message);
    setProblem('');
    setList(res.data.deliveries);
    setSaid(`Order ${d.orderNumber} is out for delivery.`);
  };
  const done = async (message: string) => {
    setProblem('');
    setSaid(message);
    await load();
  };

  return (
    <section className={`${styles.page} ${own.rider}`} aria-labelledby="rider-heading">
      <h1 id="rider-heading">My deliveries</h1>
      <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-label="Which day">
        <label>
          Day
          <input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </label>
      </form>
      {said && (
        <p role="status" className={styles.success}>
          {said}
        </p>
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      {list && list.length === 0 && <p>No deliveries are given to you on this day.</p>}
      {list && list.length > 0 && (
        <ol className={own.stops} aria-label="Route">
          {list.map((d, i) => (
            <li key={d.orderNumber} className={own.stop} aria-label={`Stop ${d.position}: order ${d.orderNumber}`}>
              <h2>
                {d.position}. {d.recipientName ?? 'Recipient'} <span className={own.number}>{d.orderNumber}</span>
              </h2>
              <p className={own.state}>{d.deliveredAt ? `Delivered to ${d.receivedBy} at ${formatShopClockTime(new Date(d.deliveredAt))}` : (STATUS_WORDS[d.deliveryStatus] ?? d.deliveryStatus)}</p>
              {d.address && (
                <p>
                  {d.address}
                  {d.zone ? ` (${d.zone})` : ''}
                  {d.mapsUrl && (
                    <>
                      {' · '}
                      <a href={d.mapsUrl} target="_blank" rel="noreferrer">
                        Open in maps
                      </a>
                    </>
                  )}
                </p>
              )}
              {d.recipientPhone && (
                <p>
                  <a href={`tel:${d.recipientPhone}`}>Call {d.recipientName ?? 'the recipient'}: {d.recipientPhone}</a>
                </p>
              )}
              {d.cardMessage && (
                <p>
                  Card message: <em>{d.cardMessage}</em>
                </p>
              )}
              {d.notes.map((n) => (
                <p key={n}>{n}</p>
              ))}
              {d.toCollect && <p>Collect on delivery: {formatAmount(d.toCollect.amount, d.toCollect.currency as CurrencyName)}</p>}
              {d.attempts.map((a) => (
                <p key={a.at}>
                  Could not deliver at {formatShopClockTime(new Date(a.at))}: {DELIVERY_FAILURE_LABELS[a.reason]}
                </p>
              ))}
              <div className={styles.actions}>
                <button type="button" className={styles.secondary} disabled={i === 0} onClick={() => void move(i, -1)} aria-label={`Move order ${d.orderNumber} earlier`}>
                  Earlier
                </button>
                <button type="button" className={styles.secondary} disabled={i === list.length - 1} onClick={() => void move(i, 1)} aria-label={`Move order ${d.orderNumber} later`}>
                  Later
                </button>
                {d.deliveryStatus !== 'despatched' && d.deliveryStatus !== 'delivered' && (
                  <button type="button" className={styles.primary} onClick={() => void out(d)}>
                    Out for delivery
                  </button>
                )}
              </div>
              {d.deliveryStatus !== 'delivered' && <DoorForms delivery={d} done={done} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** "Delivered" (who took the flowers, a photo) and "Could not deliver" (why, a photo) for one stop. */
function DoorForms({ delivery, done }: { delivery: RiderDelivery; done(message: string): Promise<void> }) {
  const [receivedBy, setReceivedBy] = useState('');
  const [reason, setReason] = useState<DeliveryFailureReason>('nobody-home');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = delivery.orderNumber;

  const send = async (event: FormEvent<HTMLFormElement>, kind: 'delivered' | 'not-delivered') => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem(PHOTO_FORM.photo) as HTMLInputElement | null)?.files?.[0];
    if (!file) return setProblem('Take a photo first.');
    const body = new FormData();
    body.append(PHOTO_FORM.kind, kind);
    if (kind === 'delivered') body.append(PHOTO_FORM.receivedBy, receivedBy);
    else body.append(PHOTO_FORM.reason, reason);
    const caption = (form.elements.namedItem(PHOTO_FORM.caption) as HTMLInputElement | null)?.value.trim();
    if (caption) body.append(PHOTO_FORM.caption, caption);
    body.append(PHOTO_FORM.photo, file);
    setBusy(true);
    const res = await staffUpload<PhotoUploadAnswer>(paths.orderPhotos(id), body);
    setBusy(false);
    if (res.error) return setProblem(res.fields?.photo ?? res.fields?.receivedBy ?? res.fields?.reason ?? res.message);
    setProblem('');
    await done(kind === 'delivered' ? `Order ${id} delivered to ${receivedBy.trim()}.` : `Order ${id}: could not deliver (${DELIVERY_FAILURE_LABELS[reason].toLowerCase()}).`);
  };

  return (
    <div className={own.door}>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <form className={styles.form} aria-label={`Delivered: order ${id}`} onSubmit={(e) => void send(e, 'delivered')}>
        <label>
          Photo at the door
          <input type="file" name={PHOTO_FORM.photo} accept="image/*" capture="environment" />
        </label>
        <label>
          Who received it
          <input type="text" name={PHOTO_FORM.receivedBy} value={receivedBy} maxLength={RECEIVED_BY_MAX} onChange={(e) => setReceivedBy(e.target.value)} placeholder="Mum, security at the gate" />
        </label>
        <button type="submit" className={styles.primary} disabled={busy}>
          Delivered
        </button>
      </form>
      <form className={styles.form} aria-label={`Could not deliver: order ${id}`} onSubmit={(e) => void send(e, 'not-delivered')}>
        <label>
          Why not
          <select value={reason} onChange={(e) => setReason(e.target.value as DeliveryFailureReason)}>
            {DELIVERY_FAILURE_REASONS.map((r) => (
              <option key={r} value={r}>
                {DELIVERY_FAILURE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Photo
          <input type="file" name={PHOTO_FORM.photo} accept="image/*" capture="environment" />
        </label>
        <label>
          Note
          <input type="text" name={PHOTO_FORM.caption} maxLength={PHOTO_CAPTION_MAX} />
        </label>
        <button type="submit" className={styles.secondary} disabled={busy}>
          Could not deliver
        </button>
      </form>
    </div>
  );
}

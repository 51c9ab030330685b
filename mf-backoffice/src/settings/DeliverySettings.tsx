import { DELIVERY_STATE_LABELS, type DeliveryChangeRequest, type DeliveryChangeResult, type DeliverySettingsView as DeliveryView } from '@adire/contracts';
import { amountFromWord, formatAmount, formatCutoff, formatDrawerDate } from '@adire/domain';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

/** Amounts go as numbers: typed digits become one; anything else goes as typed, for the server's rule to refuse beside its field. */
const AMOUNT_FIELDS = ['amount', 'surcharge', 'minAmount'];
const withAmounts = (change: DeliveryChangeRequest): DeliveryChangeRequest =>
  Object.fromEntries(Object.entries(change).map(([k, v]) => [k, AMOUNT_FIELDS.includes(k) && typeof v === 'string' ? amountFromWord(v) : v])) as DeliveryChangeRequest;

const stateLabel = (state: string) => DELIVERY_STATE_LABELS[state as keyof typeof DELIVERY_STATE_LABELS] ?? state;
const naira = (n: number) => formatAmount(n, 'NGN');

/**
 * Delivery zones and fees, the minimum amount for free delivery, closed days, a day's own same-day
 * cutoff and fee windows. Each
 * change is one call to the server, which reads and checks it by the settings command's rules; its
 * message shows beside the field of the form that sent it, and nothing changes.
 */
export function DeliverySettings() {
  const [view, setView] = useState<DeliveryView | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<{ form: string; fields: Record<string, string> } | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    void staffApi.get<DeliveryView>(paths.deliverySettings).then((res) => (res.error || !res.data ? setError(res.message) : setView(res.data)));
  }, []);

  const draft = (key: string, fallback = '') => drafts[key] ?? fallback;
  const setDraft = (key: string, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  /** Sends changes in turn (a rename, then the new fee), stopping at the first refusal. */
  const send = async (event: FormEvent<HTMLFormElement> | null, form: string, changes: DeliveryChangeRequest[], clear: string[] = []) => {
    event?.preventDefault();
    setMessage('');
    setError('');
    setFailed(null);
    const said: string[] = [];
    for (const change of changes) {
      const res = await staffApi.post<DeliveryChangeResult, DeliveryChangeRequest>(paths.deliverySettings, withAmounts(change));
      if (res.error || !res.data) {
        setError(res.message);
        setFailed({ form, fields: res.fields ?? {} });
        if (said.length) setMessage(said.join(' '));
        return;
      }
      said.push(res.data.message);
      setView(res.data.delivery);
    }
    if (!said.length) said.push('Nothing changed.');
    setMessage(said.join(' '));
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !clear.some((c) => k.startsWith(c)))));
  };

  if (!view) {
    return error ? (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    ) : (
      <p>Loading the delivery settings…</p>
    );
  }

  const invalid = (form: string, field: string) => failed?.form === form && !!failed.fields[field];
  const beside = (form: string, field: string): ReactNode =>
    invalid(form, field) ? (
      <span className={styles.error} id={`${form}-${field}-error`}>
        {failed!.fields[field]}
      </span>
    ) : null;
  const described = (form: string, field: string) => (invalid(form, field) ? { 'aria-invalid': true, 'aria-describedby': `${form}-${field}-error` } : {});

  return (
    <section aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      <p role="status" className={styles.success}>
        {message}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}

      <section aria-label="Delivery fees" className={styles.panel}>
        <h3>Delivery fees</h3>
        <p className={styles.note}>Whole naira. Orders already placed keep their zone and fee.</p>
        {view.zones.map((s) => (
          <div key={s.state}>
            <h4>{stateLabel(s.state)}</h4>
            {s.zones.map((z) => {
              const form = `zone-${s.state}-${z.name}`;
              const name = draft(`${form}:name`, z.name);
              const fee = draft(`${form}:fee`, String(z.amount));
              const changes: DeliveryChangeRequest[] = [];
              if (name.trim() !== z.name) changes.push({ change: 'rename-zone', state: s.state, zone: z.name, newName: name });
              if (fee.trim() !== String(z.amount)) changes.push({ change: 'set-fee', state: s.state, zone: name.trim() || z.name, amount: fee });
              return (
                <form key={z.name} aria-label={`${z.name} (${stateLabel(s.state)})`} className={styles.inline} onSubmit={(e) => void send(e, form, changes, [form])}>
                  <label>
                    Zone name
                    <input value={name} onChange={(e) => setDraft(`${form}:name`, e.target.value)} {...described(form, 'newName')} />
                    {beside(form, 'newName')}
                  </label>
                  <label>
                    Fee (₦)
                    <input inputMode="numeric" value={fee} onChange={(e) => setDraft(`${form}:fee`, e.target.value)} {...described(form, 'amount')} />
                    {beside(form, 'amount')}
                  </label>
                  {beside(form, 'zone')}
                  <button type="submit" className={styles.primary}>
                    Save
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => void send(null, form, [{ change: 'remove-zone', state: s.state, zone: z.name }])}>
                    Remove
                  </button>
                </form>
              );
            })}
          </div>
        ))}
      </section>

      <form
        aria-label="Add a zone"
        className={`${styles.form} ${styles.panel}`}
        onSubmit={(e) => void send(e, 'add-zone', [{ change: 'add-zone', state: draft('add:state', view.zones[0]?.state ?? ''), zone: draft('add:zone'), amount: draft('add:amount') }], ['add:'])}
      >
        <h3>Add a zone</h3>
        <label>
          State
          <select value={draft('add:state', view.zones[0]?.state ?? '')} onChange={(e) => setDraft('add:state', e.target.value)} {...described('add-zone', 'state')}>
            {view.zones.map((s) => (
              <option key={s.state} value={s.state}>
                {stateLabel(s.state)}
              </option>
            ))}
          </select>
          {beside('add-zone', 'state')}
        </label>
        <label>
          New zone name
          <input value={draft('add:zone')} onChange={(e) => setDraft('add:zone', e.target.value)} {...described('add-zone', 'zone')} />
          {beside('add-zone', 'zone')}
        </label>
        <label>
          New zone fee (₦)
          <input inputMode="numeric" value={draft('add:amount')} onChange={(e) => setDraft('add:amount', e.target.value)} {...described('add-zone', 'amount')} />
          {beside('add-zone', 'amount')}
        </label>
        <button type="submit" className={styles.primary}>
          Add zone
        </button>
      </form>

      <form
        aria-label="Free delivery"
        className={`${styles.form} ${styles.panel}`}
        onSubmit={(e) => void send(e, 'min-amount', [{ change: 'set-min-amount', amount: draft('min', String(view.minAmount)) }], ['min'])}
      >
        <h3>Free delivery</h3>
        <label>
          Minimum amount for free delivery (₦)
          <input inputMode="numeric" value={draft('min', String(view.minAmount))} onChange={(e) => setDraft('min', e.target.value)} aria-describedby="min-help" {...(invalid('min-amount', 'amount') ? { 'aria-invalid': true } : {})} />
        </label>
        <p id="min-help" className={styles.note}>
          Delivery is free when the items reach this amount; 0: never free. Fee windows have their own.
        </p>
        {beside('min-amount', 'amount')}
        <button type="submit" className={styles.primary}>
          Save minimum amount
        </button>
      </form>

      <section aria-label="Closed days" className={styles.panel}>
        <h3>Closed days</h3>
        <p className={styles.note}>No delivery or pick-up: shoppers cannot choose the day and are told “We are closed on …”.</p>
        {view.closedDates.length ? (
          <ul aria-label="Days we are closed" className={styles.lines}>
            {view.closedDates.map((c) => (
              <li key={c.date}>
                {formatDrawerDate(c.date)}
                {c.note ? ` (${c.note})` : ''}{' '}
                <button type="button" className={styles.secondary} onClick={() => void send(null, 'open-date', [{ change: 'open-date', date: c.date }])}>
                  Open {formatDrawerDate(c.date)} again
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No closed days ahead.</p>
        )}
        <form aria-label="Close a day" className={styles.form} onSubmit={(e) => void send(e, 'close-date', [{ change: 'close-date', date: draft('close:date'), note: draft('close:note') }], ['close:'])}>
          <label>
            Day to close
            <input type="date" value={draft('close:date')} onChange={(e) => setDraft('close:date', e.target.value)} {...described('close-date', 'date')} />
            {beside('close-date', 'date')}
          </label>
          <label>
            Note for shoppers (optional)
            <input value={draft('close:note')} maxLength={200} onChange={(e) => setDraft('close:note', e.target.value)} {...described('close-date', 'note')} />
            {beside('close-date', 'note')}
          </label>
          <button type="submit" className={styles.primary}>
            Close this day
          </button>
        </form>
      </section>

      <section aria-label="Same-day cutoff of a day" className={styles.panel}>
        <h3>Same-day cutoff of a day</h3>
        <p className={styles.note}>A busy day can stop taking same-day orders at another time (Lagos time); other days keep the usual cutoff.</p>
        {view.dayCutoffs.length ? (
          <ul aria-label="Days with their own cutoff" className={styles.lines}>
            {view.dayCutoffs.map((c) => (
              <li key={c.date}>
                {formatDrawerDate(c.date)}:{' '}
                {[c.sameDayCutoff.delivery && `delivery until ${formatCutoff(c.sameDayCutoff.delivery)}`, c.sameDayCutoff.pickup && `pick-up until ${formatCutoff(c.sameDayCutoff.pickup)}`].filter(Boolean).join(', ')}{' '}
                <button type="button" className={styles.secondary} onClick={() => void send(null, 'clear-day-cutoff', [{ change: 'clear-day-cutoff', date: c.date }])}>
                  Usual cutoff on {formatDrawerDate(c.date)}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No day has its own cutoff.</p>
        )}
        <form
          aria-label="Set a day's cutoff"
          className={styles.form}
          onSubmit={(e) => void send(e, 'day-cutoff', [{ change: 'set-day-cutoff', date: draft('cut:date'), delivery: draft('cut:delivery'), pickup: draft('cut:pickup') }], ['cut:'])}
        >
          <label>
            Day
            <input type="date" value={draft('cut:date')} onChange={(e) => setDraft('cut:date', e.target.value)} {...described('day-cutoff', 'date')} />
            {beside('day-cutoff', 'date')}
          </label>
          <label>
            Same-day delivery closes at
            <input type="time" value={draft('cut:delivery')} onChange={(e) => setDraft('cut:delivery', e.target.value)} {...described('day-cutoff', 'delivery')} />
            {beside('day-cutoff', 'delivery')}
          </label>
          <label>
            Same-day pick-up closes at (optional)
            <input type="time" value={draft('cut:pickup')} onChange={(e) => setDraft('cut:pickup', e.target.value)} {...described('day-cutoff', 'pickup')} />
            {beside('day-cutoff', 'pickup')}
          </label>
          <button type="submit" className={styles.primary}>
            Set the day’s cutoff
          </button>
        </form>
      </section>

      <section aria-label="Fee windows" className={styles.panel}>
        <h3>Fee windows</h3>
        <p className={styles.note}>Festive days priced their own way: every zone’s fee plus a surcharge, with their own minimum amount for free delivery.</p>
        {view.windows.length ? (
          <ul aria-label="Fee windows ahead" className={styles.lines}>
            {view.windows.map((w) => (
              <li key={w.name}>
                <strong>{w.name}</strong>: {formatDrawerDate(w.startDate)} to {formatDrawerDate(w.endDate)}, {w.minAmount > 0 ? `free from ${naira(w.minAmount)}` : 'never free'}
                {w.active ? '' : ' (inactive)'}{' '}
                <button type="button" className={styles.secondary} onClick={() => void send(null, 'remove-window', [{ change: 'remove-window', name: w.name }])}>
                  Remove {w.name}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No fee windows ahead.</p>
        )}
        <form
          aria-label="Add a fee window"
          className={styles.form}
          onSubmit={(e) =>
            void send(
              e,
              'add-window',
              [{ change: 'add-window', name: draft('win:name'), startDate: draft('win:start'), endDate: draft('win:end'), surcharge: draft('win:surcharge', '0'), minAmount: draft('win:min', String(view.minAmount)) }],
              ['win:'],
            )
          }
        >
          {(
            [
              ['name', 'Window name', 'win:name', 'text', ''],
              ['startDate', 'First day', 'win:start', 'date', ''],
              ['endDate', 'Last day', 'win:end', 'date', ''],
              ['surcharge', 'Surcharge on every zone (₦)', 'win:surcharge', 'text', '0'],
              ['minAmount', 'Minimum amount for free delivery in the window (₦)', 'win:min', 'text', String(view.minAmount)],
            ] as const
          ).map(([field, label, key, type, fallback]) => (
            <label key={field}>
              {label}
              <input type={type} inputMode={type === 'text' && field !== 'name' ? 'numeric' : undefined} value={draft(key, fallback)} onChange={(e) => setDraft(key, e.target.value)} {...described('add-window', field)} />
              {beside('add-window', field)}
            </label>
          ))}
          <button type="submit" className={styles.primary}>
            Add fee window
          </button>
        </form>
      </section>
    </section>
  );
}

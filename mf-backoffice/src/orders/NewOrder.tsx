import {
  CATALOG_PATHS,
  CHANNEL_LABELS,
  COUNTER_CHANNELS,
  COUNTER_METHOD_LABELS,
  COUNTER_METHODS,
  CURRENCY_NAMES,
  DELIVERY_LOCATIONS,
  DELIVERY_STATE_LABELS,
  PICKUP_LOCATIONS,
  type CounterMethod,
  type DeliveryDay,
  type PickupLocationCode,
  type ProductDetail,
  type FoundProduct,
  type ProductSearchQuery,
  type StaffOrderCreated,
  type StaffOrderRequest,
} from '@adire/contracts';
import { api } from '@adire/api-client';
import { configForDate, findState, shopDate } from '@adire/domain';
import { dayLine, dayPlace, daysFrom, fetchDeliveryDays, shownDay } from '@adire/domain/days';
import { bus } from '@adire/event-bus';
import { Link } from '@adire/router';
import { useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { emptyCounterForm, notesFor, staffOrderRequest, type CounterForm, type CounterLine } from '../counter';
import { may, useSession } from '../session';
import { PaymentLinkBox } from './PaymentLinkBox';

/** How many days ahead the date list offers. */
const DAYS_AHEAD = 21;

/** The product finder: the back office's product search (name or SKU, then the shop's forgiving search), a few results to add. */
function ProductFinder({ onAdd }: { onAdd: (line: CounterLine) => void }) {
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<FoundProduct[] | null>(null);
  const [adding, setAdding] = useState('');
  useEffect(() => {
    const q = term.trim();
    if (q.length < 2) return setFound(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void staffApi.get<FoundProduct[], ProductSearchQuery>(paths.products, { search: q, limit: 8 }, controller.signal).then((res) => !res.error && res.data && setFound(res.data));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  const add = async (p: FoundProduct) => {
    setAdding(p.slug);
    const res = await api.get<ProductDetail>(CATALOG_PATHS.product(p.slug));
    setAdding('');
    const detail = res.data;
    const sizes = detail?.sizes?.length ? detail.sizes : [{ SKU: p.sku, label: '', price: detail?.price ?? 0, isDefault: true }];
    const size = sizes.find((s) => s.isDefault) ?? sizes[0]!;
    onAdd({ key: `${p.slug}-${Date.now()}`, name: p.name, sizes, designs: detail?.designs ?? [], SKU: size.SKU, design: detail?.designs?.[0]?.code ?? '', quantity: 1 });
    setTerm('');
  };
  return (
    <div className={styles.form}>
      <label>
        Find a product (name or SKU)
        <input type="search" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      </label>
      {found && (
        <ul className={styles.lines} aria-label="Products found">
          {found.length === 0 && <li>No product matches.</li>}
          {found.map((p) => (
            <li key={p.slug} className={styles.listed}>
              <span>
                {p.name} <span className={styles.note}>{p.sku}</span>
              </span>
              <button type="button" className={styles.secondary} disabled={!p.inStock || adding === p.slug} onClick={() => void add(p)} aria-label={`Add ${p.name}`}>
                {p.inStock ? 'Add' : 'Sold out'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A field's problem as the server named it (`fields`), shown under the field. */
function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <span id={id} className={styles.error}>
      {text}
    </span>
  ) : null;
}

/**
 * "New order": an order the staff take for a customer by phone, WhatsApp, Instagram or at a branch.
 * The products, the sender, the recipient or a pick-up branch, the day (the drawer's and checkout's
 * day rules and the shop's count of places), the card message and notes, the channel, the currency,
 * and how it is paid. Usable on a phone.
 */
export function NewOrder() {
  const session = useSession((s) => s.session);
  const manager = may(session, 'manage-orders');
  const [form, setForm] = useState<CounterForm>(emptyCounterForm);
  const [days, setDays] = useState<DeliveryDay[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [made, setMade] = useState<StaffOrderCreated | null>(null);
  const today = shopDate();
  const settings = bus.last('settings:loaded')?.settings ?? null;
  const place = dayPlace(form.method, form.method === 'delivery' ? form.recipient.state : null, form.pickupLocation || null);

  useEffect(() => {
    const dates = daysFrom(today, DAYS_AHEAD);
    const rule = (answers: Map<string, DeliveryDay>) => setDays(place ? dates.map((d) => shownDay(d, answers, place, new Date(), settings?.checkoutSettings)) : []);
    rule(new Map());
    if (!place) return;
    const controller = new AbortController();
    void fetchDeliveryDays(api, place, today, DAYS_AHEAD, controller.signal).then((answers) => answers && rule(answers));
    return () => controller.abort();
  }, [place, today, settings]);

  const set = <K extends keyof CounterForm>(key: K, value: CounterForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setLine = (key: string, change: Partial<CounterLine>) => set('lines', form.lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const config = settings ? configForDate(settings.deliverySettings, form.deliveryDate || today) : null;
  const zones = (config && findState(config, form.recipient.state)?.zones) ?? [];
  const err = (name: string) => fields[name];
  const described = (name: string) => (fields[name] ? { 'aria-invalid': true, 'aria-describedby': `err-${name.replace(/\W/g, '-')}` } : {});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const res = await staffApi.post<StaffOrderCreated, StaffOrderRequest>(paths.orders, staffOrderRequest(form));
    setBusy(false);
    if (res.error || !res.data) {
      setFields(res.fields ?? {});
      return setError(res.message);
    }
    setFields({});
    setMade(res.data);
  };

  if (made) {
    return (
      <section className={styles.page}>
        <h1>Order {made.orderNumber} taken</h1>
        <p role="status" className={styles.success}>
          Order {made.orderNumber} is on the board ({made.order.paymentStatus}).
        </p>
        {made.paymentLink && <PaymentLinkBox link={made.paymentLink} />}
        <div className={styles.actions}>
          <Link to={`/orders/${made.orderNumber}`} className={styles.primary}>
            Open order {made.orderNumber}
          </Link>
          <button type="button" className={styles.secondary} onClick={() => (setMade(null), setForm(emptyCounterForm()))}>
            Take another order
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <p>
        <Link to="/">← Orders</Link>
      </p>
      <h1>New order</h1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="New order" noValidate>
        <fieldset className={styles.choices}>
          <legend>Items</legend>
          <ProductFinder onAdd={(line) => set('lines', [...form.lines, line])} />
          <Problem id="err-cartItems" text={err('cartItems')} />
          {form.lines.map((l) => (
            <fieldset key={l.key} className={styles.choices} aria-label={l.name}>
              <legend>{l.name}</legend>
              {l.sizes.length > 1 && (
                <label>
                  Size
                  <select value={l.SKU} onChange={(e) => setLine(l.key, { SKU: e.target.value })}>
                    {l.sizes.map((s) => (
                      <option key={s.SKU} value={s.SKU}>
                        {s.label || s.SKU}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {l.designs.length > 0 && (
                <label>
                  Design
                  <select value={l.design} onChange={(e) => setLine(l.key, { design: e.target.value })}>
                    {l.designs.map((d) => (
                      <option key={d.code} value={d.code}>
                        {d.title}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label>
                Quantity
                <input type="number" inputMode="numeric" min={1} max={99} value={l.quantity} onChange={(e) => setLine(l.key, { quantity: Number(e.target.value) })} />
              </label>
              <button type="button" className={styles.secondary} onClick={() => set('lines', form.lines.filter((x) => x.key !== l.key))}>
                Remove {l.name}
              </button>
            </fieldset>
          ))}
        </fieldset>

        <fieldset className={styles.choices}>
          <legend>Sender</legend>
          <label>
            Sender’s name
            <input value={form.sender.name} onChange={(e) => set('sender', { ...form.sender, name: e.target.value })} autoComplete="off" {...described('userData.name')} />
            <Problem id="err-userData-name" text={err('userData.name')} />
          </label>
          <label>
            Sender’s phone
            <input type="tel" value={form.sender.phone} onChange={(e) => set('sender', { ...form.sender, phone: e.target.value })} autoComplete="off" {...described('userData.phone')} />
            <Problem id="err-userData-phone" text={err('userData.phone')} />
          </label>
          <label>
            Sender’s e-mail (optional)
            <input type="email" value={form.sender.email} onChange={(e) => set('sender', { ...form.sender, email: e.target.value })} autoComplete="off" {...described('userData.email')} />
            <Problem id="err-userData-email" text={err('userData.email')} />
          </label>
        </fieldset>

        <fieldset className={styles.choices}>
          <legend>Delivery or pick-up</legend>
          {(['delivery', 'pickup'] as const).map((m) => (
            <label key={m} className={styles.check}>
              <input type="radio" name="method" checked={form.method === m} onChange={() => set('method', m)} />
              {m === 'delivery' ? 'Delivery' : 'Pick-up at a branch'}
            </label>
          ))}
          {form.method === 'delivery' ? (
            <>
              <label>
                Recipient’s name
                <input value={form.recipient.name} onChange={(e) => set('recipient', { ...form.recipient, name: e.target.value })} {...described('orderData.recipient.name')} />
                <Problem id="err-orderData-recipient-name" text={err('orderData.recipient.name')} />
              </label>
              <label>
                Recipient’s phone
                <input type="tel" value={form.recipient.phone} onChange={(e) => set('recipient', { ...form.recipient, phone: e.target.value })} {...described('orderData.recipient.phone')} />
                <Problem id="err-orderData-recipient-phone" text={err('orderData.recipient.phone')} />
              </label>
              <label>
                Address
                <textarea rows={2} value={form.recipient.address} onChange={(e) => set('recipient', { ...form.recipient, address: e.target.value })} {...described('orderData.recipient.address')} />
                <Problem id="err-orderData-recipient-address" text={err('orderData.recipient.address')} />
              </label>
              <label>
                State
                <select value={form.recipient.state} onChange={(e) => (set('recipient', { ...form.recipient, state: e.target.value }), set('zone', ''))}>
                  {DELIVERY_LOCATIONS.map((s) => (
                    <option key={s} value={s}>
                      {DELIVERY_STATE_LABELS[s] ?? s}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Zone
                {zones.length ? (
                  <select value={form.zone} onChange={(e) => set('zone', e.target.value)} {...described('orderData.deliveryZone')}>
                    <option value="">Choose a zone</option>
                    {zones.map((z) => (
                      <option key={z.name} value={z.name}>
                        {z.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input value={form.zone} onChange={(e) => set('zone', e.target.value)} {...described('orderData.deliveryZone')} />
                )}
                <Problem id="err-orderData-deliveryZone" text={err('orderData.deliveryZone')} />
              </label>
            </>
          ) : (
            <label>
              Pick-up branch
              <select value={form.pickupLocation} onChange={(e) => set('pickupLocation', e.target.value as PickupLocationCode)} {...described('orderData.pickupLocation')}>
                <option value="">Choose a branch</option>
                {PICKUP_LOCATIONS.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.code}
                  </option>
                ))}
              </select>
              <Problem id="err-orderData-pickupLocation" text={err('orderData.pickupLocation')} />
            </label>
          )}
          <label>
            Day
            <select value={form.deliveryDate} onChange={(e) => set('deliveryDate', e.target.value)} {...described('orderData.deliveryDate')}>
              <option value="">Choose a day</option>
              {days.map((d) => (
                <option key={d.date} value={d.date} disabled={!d.open && !manager}>
                  {dayLine(d)}
                </option>
              ))}
            </select>
            <Problem id="err-orderData-deliveryDate" text={err('orderData.deliveryDate')} />
          </label>
          {manager && (
            <label>
              Book a full day anyway: the reason (managers)
              <input value={form.overbook} onChange={(e) => set('overbook', e.target.value)} maxLength={300} {...described('overbook.reason')} />
              <Problem id="err-overbook-reason" text={err('overbook.reason')} />
            </label>
          )}
        </fieldset>

        <fieldset className={styles.choices}>
          <legend>Card message and notes</legend>
          {notesFor(form.method).map((n) => (
            <label key={n.key}>
              {n.label}
              <textarea rows={2} maxLength={n.maxLength} value={form.notes[n.key] ?? ''} onChange={(e) => set('notes', { ...form.notes, [n.key]: e.target.value })} {...described(`orderData.${n.key}`)} />
              <Problem id={`err-orderData-${n.key}`} text={err(`orderData.${n.key}`)} />
            </label>
          ))}
        </fieldset>

        <fieldset className={styles.choices}>
          <legend>Channel and currency</legend>
          <label>
            Channel
            <select value={form.channel} onChange={(e) => set('channel', e.target.value as CounterForm['channel'])}>
              {COUNTER_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Currency
            <select value={form.currency} onChange={(e) => set('currency', e.target.value as CounterForm['currency'])}>
              {CURRENCY_NAMES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </fieldset>

        <fieldset className={styles.choices}>
          <legend>Payment</legend>
          <label className={styles.check}>
            <input type="radio" name="payment" checked={form.payment === 'link'} onChange={() => set('payment', 'link')} />
            Send a payment link
          </label>
          <label className={styles.check}>
            <input type="radio" name="payment" checked={form.payment === 'counter'} onChange={() => set('payment', 'counter')} />
            Paid at the counter
          </label>
          {manager && (
            <label className={styles.check}>
              <input type="radio" name="payment" checked={form.payment === 'on-delivery'} onChange={() => set('payment', 'on-delivery')} />
              Pay on delivery (approved by a manager)
            </label>
          )}
          {form.payment === 'counter' && (
            <>
              <label>
                Paid by
                <select value={form.counterMethod} onChange={(e) => set('counterMethod', e.target.value as CounterMethod)}>
                  {COUNTER_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {COUNTER_METHOD_LABELS[m]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Receipt, till or transfer reference
                <input value={form.reference} onChange={(e) => set('reference', e.target.value)} maxLength={80} {...described('payment.reference')} />
                <Problem id="err-payment-reference" text={err('payment.reference')} />
              </label>
            </>
          )}
        </fieldset>

        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            Take the order
          </button>
        </div>
      </form>
    </section>
  );
}

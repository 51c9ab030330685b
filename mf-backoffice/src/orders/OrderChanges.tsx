import {
  CANCEL_REASONS,
  PICKUP_LOCATIONS,
  REFUND_METHODS,
  type RefundMethod,
  type CancelOrderRequest,
  type CancelOrderResult,
  type CurrencyName,
  type OrderChangeRequest,
  type OrderChangeResult,
  type PaymentLink,
  type PaymentLinkResult,
  type StaffOrderPage,
} from '@adire/contracts';
import { configForDate, findState, formatAmount, isPaid } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { formatShopDateTime } from '@adire/domain/formats';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { changeFormOf, changeRequestOf, type ChangeForm } from '../counter';
import { may, useSession } from '../session';
import { PaymentLinkBox } from './PaymentLinkBox';

const OUT = ['despatched', 'delivered'];

/** How a cancellation's refund goes back, as a manager reads it. */
const REFUND_METHOD_WORDS: Record<RefundMethod, string> = { provider: 'Through the payment provider', transfer: 'Bank transfer, made by hand', cash: 'Cash, made by hand', pos: 'POS, made by hand' };

/**
 * The order's changes after checkout (issue 39): "Change" (date, card message, recipient, quantities;
 * the difference shown before saving), a new payment link while something is owed, "Cancel" for
 * managers, and every change entered (who, when, why, each field before → after).
 */
export function OrderChanges({ view, onView }: { view: StaffOrderPage; onView: (view: StaffOrderPage, said: string) => void }) {
  const session = useSession((s) => s.session);
  const manager = may(session, 'manage-orders');
  const { order } = view;
  const number = order.orderNumber ?? '';
  const money = (n: number) => formatAmount(n, order.currency as CurrencyName);
  const [form, setForm] = useState<ChangeForm>(() => changeFormOf(order));
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<OrderChangeResult | null>(null);
  const [link, setLink] = useState<PaymentLink | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancelReason, setCancelReason] = useState<string>(CANCEL_REASONS[0]);
  const [otherReason, setOtherReason] = useState('');
  const [refund, setRefund] = useState<'none' | 'full' | 'amount'>('none');
  const [refundAmount, setRefundAmount] = useState('');
  const [refundMethod, setRefundMethod] = useState<RefundMethod>('provider');
  const [refundReference, setRefundReference] = useState('');
  const cancelled = !!view.cancelled;
  // The zones of the order's state on the chosen day (the shop's settings, as the checkout lists them).
  const settings = bus.last('settings:loaded')?.settings ?? null;
  const state = order.deliveryDetails?.state ?? '';
  const zones = (settings && state && findState(configForDate(settings.deliverySettings, form.deliveryDate || order.deliveryDate), state)?.zones) || [];
  const locked = OUT.includes(view.deliveryStatus) && !manager;

  const change = async (asPreview: boolean) => {
    setBusy(true);
    setError('');
    const body: OrderChangeRequest = { reason: reason.trim(), ...changeRequestOf(order, form), ...(asPreview ? { preview: true } : {}) };
    const res = await staffApi.post<OrderChangeResult, OrderChangeRequest>(paths.orderChanges(number), body);
    setBusy(false);
    if (res.error || !res.data) return setError(res.message);
    if (asPreview) return setPreview(res.data);
    setPreview(null);
    setReason('');
    setLink(res.data.paymentLink ?? null);
    const d = res.data.change.difference;
    onView(res.data.order, `Order ${number} changed${d > 0 ? `: ${money(d)} more to pay` : d < 0 ? `: ${money(-d)} to refund` : ''}.`);
    setForm(changeFormOf(res.data.order.order));
  };
  const submitChange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change(!preview);
  };
  const newLink = async () => {
    setBusy(true);
    setError('');
    const res = await staffApi.post<PaymentLinkResult>(paths.paymentLink(number));
    setBusy(false);
    if (res.error || !res.data) return setError(res.message);
    setLink(res.data.paymentLink);
  };
  const cancel = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const why = cancelReason === 'other' ? otherReason.trim() : cancelReason;
    const body: CancelOrderRequest = {
      reason: why,
      refund: refund === 'amount' ? { amount: Number(refundAmount) } : refund,
      ...(refund !== 'none' ? { refundMethod, ...(refundMethod !== 'provider' ? { refundReference: refundReference.trim() } : {}) } : {}),
    };
    const res = await staffApi.post<CancelOrderResult, CancelOrderRequest>(paths.cancelOrder(number), body);
    setBusy(false);
    if (res.error || !res.data) return setError(res.message);
    onView(res.data.order, res.data.message);
  };
  const field = <K extends keyof ChangeForm>(key: K, value: ChangeForm[K]) => {
    setPreview(null);
    setForm((f) => ({ ...f, [key]: value }));
  };

  return (
    <>
      {cancelled && (
        <p className={styles.cancelled}>
          <strong>Cancelled</strong> {formatShopDateTime(new Date(view.cancelled!.at))}: {view.cancelled!.reason}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {link && <PaymentLinkBox link={link} />}
      {!cancelled && !isPaid(order.paymentStatus) && !link && (
        <div className={`${styles.actions} ${styles.noPrint}`}>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void newLink()}>
            New payment link
          </button>
        </div>
      )}
      {!cancelled && (
        <section aria-labelledby="change-heading" className={`${styles.panel} ${styles.noPrint}`}>
          <h2 id="change-heading">Change the order</h2>
          {locked ? (
            <p>This order is out for delivery: only a manager can still correct it.</p>
          ) : (
            <form aria-label="Change the order" className={styles.form} onSubmit={submitChange}>
              <label>
                Delivery date
                <input type="date" value={form.deliveryDate} onChange={(e) => field('deliveryDate', e.target.value)} />
              </label>
              <label>
                Card message
                <textarea rows={2} value={form.deliveryMessage} onChange={(e) => field('deliveryMessage', e.target.value)} />
              </label>
              {order.deliveryMethod === 'pickup' ? (
                <label>
                  Pick-up branch
                  <select value={form.pickupLocation} onChange={(e) => field('pickupLocation', e.target.value)}>
                    {PICKUP_LOCATIONS.map((b) => (
                      <option key={b.code} value={b.code}>
                        {b.code}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <>
                  <label>
                    Zone
                    {zones.length ? (
                      <select value={form.zone} onChange={(e) => field('zone', e.target.value)}>
                        {zones.map((z) => (
                          <option key={z.name} value={z.name}>
                            {z.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input value={form.zone} onChange={(e) => field('zone', e.target.value)} />
                    )}
                  </label>
                  <label>
                    Recipient’s name
                    <input value={form.recipientName} onChange={(e) => field('recipientName', e.target.value)} />
                  </label>
                  <label>
                    Recipient’s phone
                    <input type="tel" value={form.recipientPhone} onChange={(e) => field('recipientPhone', e.target.value)} />
                  </label>
                  <label>
                    Address
                    <textarea rows={2} value={form.recipientAddress} onChange={(e) => field('recipientAddress', e.target.value)} />
                  </label>
                </>
              )}
              {(order.cartItems ?? []).map((item, i) => (
                <label key={`${item.SKU}-${i}`}>
                  Quantity of {item.name}
                  {item.size ? ` (${item.size})` : ''}
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={99}
                    value={form.quantities[i] ?? item.quantity}
                    onChange={(e) => field('quantities', form.quantities.map((q, j) => (j === i ? Number(e.target.value) : q)))}
                  />
                </label>
              ))}
              <label>
                Why (the sender asked, out of stock, …)
                <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
              </label>
              {preview && (
                <div role="status" className={styles.preview}>
                  <p>
                    <strong>
                      {preview.change.difference > 0
                        ? `${money(preview.change.difference)} more to pay`
                        : preview.change.difference < 0
                          ? `${money(-preview.change.difference)} less: to refund`
                          : 'No change to the price'}
                    </strong>
                  </p>
                  <ul className={styles.lines}>
                    {preview.change.fields.map((f) => (
                      <li key={f.field}>
                        {f.field}: {f.before || '(none)'} → {f.after || '(none)'}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className={styles.actions}>
                <button type="submit" className={styles.primary} disabled={busy}>
                  {preview ? 'Save the change' : 'Show the difference'}
                </button>
              </div>
            </form>
          )}
        </section>
      )}
      {!cancelled && manager && view.deliveryStatus !== 'delivered' && (
        <section aria-labelledby="cancel-heading" className={`${styles.panel} ${styles.noPrint}`}>
          <h2 id="cancel-heading">Cancel the order</h2>
          <form aria-label="Cancel the order" className={styles.form} onSubmit={(e) => void cancel(e)}>
            <label>
              Reason
              <select value={cancelReason} onChange={(e) => setCancelReason(e.target.value)}>
                {CANCEL_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
                <option value="other">another reason…</option>
              </select>
            </label>
            {cancelReason === 'other' && (
              <label>
                The reason
                <input value={otherReason} onChange={(e) => setOtherReason(e.target.value)} maxLength={300} />
              </label>
            )}
            <fieldset className={styles.choices}>
              <legend>Refund</legend>
              {(
                [
                  ['none', 'No refund'],
                  ['full', 'Refund everything received'],
                  ['amount', 'Refund part'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className={styles.check}>
                  <input type="radio" name="refund" checked={refund === value} onChange={() => setRefund(value)} />
                  {label}
                </label>
              ))}
              {refund === 'amount' && (
                <label>
                  Amount to refund ({order.currency})
                  <input inputMode="decimal" value={refundAmount} onChange={(e) => setRefundAmount(e.target.value)} />
                </label>
              )}
              {refund !== 'none' && (
                <>
                  <label>
                    How the money goes back
                    <select value={refundMethod} onChange={(e) => setRefundMethod(e.target.value as RefundMethod)}>
                      {REFUND_METHODS.map((m) => (
                        <option key={m} value={m}>
                          {REFUND_METHOD_WORDS[m]}
                        </option>
                      ))}
                    </select>
                  </label>
                  {refundMethod !== 'provider' && (
                    <label>
                      Bank or till reference of the refund
                      <input value={refundReference} onChange={(e) => setRefundReference(e.target.value)} maxLength={120} />
                    </label>
                  )}
                </>
              )}
            </fieldset>
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={busy}>
                Cancel order {number}
              </button>
            </div>
          </form>
        </section>
      )}
      <section aria-labelledby="changes-heading" className={styles.noPrint}>
        <h2 id="changes-heading">Changes</h2>
        {view.changes?.length ? (
          <ol className={styles.lines}>
            {view.changes.map((c) => (
              <li key={c.id}>
                {formatShopDateTime(new Date(c.at))} — {c.actor} ({c.role}): {c.reason}
                <ul>
                  {c.fields.map((f) => (
                    <li key={f.field}>
                      {f.field}: {f.before || '(none)'} → {f.after || '(none)'}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        ) : (
          <p>No changes since checkout.</p>
        )}
      </section>
    </>
  );
}

import { api } from '@adire/api-client';
import { API_PATHS, CURRENCY_NAMES, type CurrencyName, type Order, type PaymentDetailsResponse, type PaymentMethod } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { useId, useState } from 'react';
import { useLatest } from '../useLatest';
import { toast } from '../session';
import { CHECKOUT_STAGES, useStage } from '../stage';
import { useFocusOnMount } from '../useFocusOnMount';
import styles from '../form.module.css';
import { methodsFor, readPaymentAnswer, type PaymentAnswer } from './methods';
import { TransferNotice } from './TransferNotice';

/** Answers that mean the order's day cannot be kept as it is: the shopper goes back to the delivery details. */
const DAY_GONE: ReadonlySet<string> = new Set(['DELIVERY_DATE_PASSED', 'DAY_FULL', 'DAY_HOLD_RELEASED', 'DAY_HOLD_ENDED']);

/**
 * Stage 2: the payment methods the chosen currency supports (SPEC section 9). Choosing one tells the
 * server (update-payment-details); its answer sends the shopper to a payment page or shows transfer
 * instructions.
 */
export function PaymentStage({ order, onCheckPaid, onReload }: { order: Order; onCheckPaid(): void; onReload?(): void }) {
  const setStage = useStage((s) => s.setStage);
  const shop = useLatest('settings:loaded');
  const paymentAlerts = shop?.settings?.alertSettings.paymentAlerts ?? {};
  const [currency, setCurrency] = useState<CurrencyName>(order.currency);
  const [chosen, setChosen] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PaymentAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const currencyId = useId();
  const methods = methodsFor(currency, shop?.settings?.paymentMethods);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  async function choose(method: PaymentMethod) {
    setChosen(method.paymentName);
    setAnswer(null);
    setBusy(true);
    const res = await api.put<PaymentDetailsResponse>(API_PATHS.updatePaymentDetails(order.id), { currency, paymentMethod: method.paymentName });
    setBusy(false);
    const read = readPaymentAnswer(res);
    setAnswer(read);
    if (read.kind === 'error' && read.code && DAY_GONE.has(read.code)) {
      // No money for a day that cannot be kept (passed; its place lapsed and was taken meanwhile; the
      // shop gave the place back, or its hold ran its course: issue 38): back to the delivery details,
      // where the days are read again, to check out again or choose a new date.
      toast('error', read.message);
      setStage(CHECKOUT_STAGES.delivery);
    } else if (read.kind === 'error' && read.code === 'COUPON_LAPSED') {
      // The coupon's hold lapsed and it was used up: the order now costs more. Show the new total
      // (the summary says why) before the shopper chooses to pay it.
      setChosen(null);
      onReload?.();
    } else if (read.kind === 'error') toast('error', `Unable to set payment method: ${read.message}`);
    else if (read.kind === 'redirect') window.location.assign(read.url);
  }

  return (
    <section className={styles.form} aria-labelledby="payment-heading">
      <h2 id="payment-heading" className={styles.stageTitle} tabIndex={-1} ref={heading}>
        Payment
      </h2>
      <p>
        Your delivery details are saved
        {order.orderNumber ? (
          <>
            {' '}
            under order number <strong data-testid="order-number">{order.orderNumber}</strong>
          </>
        ) : null}
        . Total to pay: <strong>{formatAmount(order.total ?? 0, order.currency)}</strong>.
      </p>
      <div className={styles.field}>
        <label htmlFor={currencyId}>Pay in</label>
        <select
          id={currencyId}
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value as CurrencyName);
            setChosen(null);
            setAnswer(null);
          }}
        >
          {CURRENCY_NAMES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.section} aria-busy={busy}>
        <legend>Payment method</legend>
        <div role="radiogroup" aria-label="Payment method" className={styles.choices}>
          {methods.map((m) => (
            <label key={m.paymentName} className={styles.choice}>
              <input type="radio" name="paymentMethod" value={m.paymentName} checked={chosen === m.paymentName} disabled={busy} onChange={() => void choose(m)} />
              <span>
                <strong>{m.title}</strong>
                <span className={styles.hint}> {m.info}</span>
                {paymentAlerts[m.paymentName] && <span className={styles.alertNote}> {paymentAlerts[m.paymentName]}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.paymentAnswer} aria-live="polite">
        {busy && <p>Contacting the payment service…</p>}
        {answer?.kind === 'error' && (
          <p role="alert" className={styles.formError}>
            {answer.message}
          </p>
        )}
        {answer?.kind === 'redirect' && <p>Taking you to the payment page…</p>}
        {answer?.kind === 'saved' && <p role="status">Payment method saved. We will confirm your order as soon as the payment arrives.</p>}
        {answer?.kind === 'instructions' && (
          <div className={styles.instructions} aria-label="Payment instructions" role="region">
            <h3>{answer.instructions.heading}</h3>
            <dl>
              {answer.instructions.details.map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
              {answer.instructions.reference && (
                <div>
                  <dt>Reference</dt>
                  <dd>{answer.instructions.reference}</dd>
                </div>
              )}
            </dl>
            {answer.instructions.note && <p>{answer.instructions.note}</p>}
            <TransferNotice
              key={chosen ?? ''}
              orderId={order.id}
              amount={answer.instructions.amount ?? order.total ?? 0}
              reference={answer.instructions.reference ?? order.orderNumber ?? ''}
            />
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => setStage(CHECKOUT_STAGES.delivery)}>
          Back to delivery details
        </button>
        <button type="button" className={styles.secondary} onClick={onCheckPaid}>
          I have paid: check my order
        </button>
      </div>
    </section>
  );
}

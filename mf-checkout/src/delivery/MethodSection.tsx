import { DELIVERY_LOCATIONS, PICKUP_LOCATIONS, type DeliveryConfig, type DeliveryQuote } from '@adire/contracts';
import { configForDate, findState, formatAmount, freeDeliveryFrom, type DeliverySettings } from '@adire/domain';
import { Price } from '@adire/ui';
import type { ReactNode } from 'react';
import styles from '../form.module.css';
import { BranchAddress } from '../BranchAddress';
import { branchFor, useShopContact } from '../shopContact';
import { fieldId, SelectField, type FormApi } from './fields';
import { STATE_LABELS } from './form';

/** Delivery or pick-up; then the state and zone with its fee, or the branch with its address. */
export function MethodSection({ f, deliverySettings, quote, quotePending }: {
  f: FormApi;
  deliverySettings: DeliverySettings | null;
  quote: DeliveryQuote | null;
  quotePending: boolean;
}) {
  const pickup = f.form.deliveryMethod === 'pick-up';
  // The settings in force on the chosen day (a festive override has its own zones and threshold).
  const config = deliverySettings ? configForDate(deliverySettings, f.form.deliveryDate) : null;
  return (
    <fieldset className={styles.section}>
      <legend>Delivery or pick-up</legend>
      <div role="radiogroup" aria-label="Delivery method" className={styles.choices}>
        {(
          [
            ['delivery', 'Delivery', 'We bring it to the recipient'],
            ['pick-up', 'Pick-up', 'Collect it from one of our branches, free'],
          ] as const
        ).map(([value, label, note]) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="deliveryMethod"
              value={value}
              id={value === 'delivery' ? fieldId('deliveryMethod') : undefined}
              checked={f.form.deliveryMethod === value}
              onChange={() => f.set('deliveryMethod', value)}
            />
            <span>
              <strong>{label}</strong> <span className={styles.hint}>{note}</span>
            </span>
          </label>
        ))}
      </div>
      {pickup ? <PickupPlace f={f} /> : <DeliveryPlace f={f} config={config} />}
      <FeeLine quote={quote} pending={quotePending} pickup={pickup} freeFromNgn={!pickup && config ? freeDeliveryFrom(config) : null} />
    </fieldset>
  );
}

function DeliveryPlace({ f, config }: { f: FormApi; config: DeliveryConfig | null }) {
  const zones = (config && findState(config, f.form.state)?.zones) ?? [];
  const states = DELIVERY_LOCATIONS.filter((s) => !config || findState(config, s));
  return (
    <div className={styles.pair}>
      <SelectField f={f} name="state" placeholder="Choose a state" options={states.map((s) => ({ value: s, label: STATE_LABELS[s] ?? s }))} />
      <SelectField
        f={f}
        name="zone"
        placeholder={f.form.state ? 'Choose a zone' : 'Choose a state first'}
        disabled={!f.form.state}
        options={zones.map((z) => ({ value: z.name, label: z.name }))}
      />
    </div>
  );
}

function PickupPlace({ f }: { f: FormApi }) {
  const contact = useShopContact();
  const branch = branchFor(contact, f.form.pickUpLocation);
  return (
    <>
      <SelectField
        f={f}
        name="pickUpLocation"
        placeholder="Choose a branch"
        options={PICKUP_LOCATIONS.map((p) => {
          const name = branchFor(contact, p.code)?.name;
          return { value: p.code, label: name ? `${name} (${p.code})` : p.code };
        })}
      />
      {/* The branch card keeps its space so choosing a branch moves nothing below it. */}
      <div className={styles.branch} aria-live="polite">
        {branch && <BranchAddress branch={branch} />}
      </div>
    </>
  );
}

function FeeLine({ quote, pending, pickup, freeFromNgn }: { quote: DeliveryQuote | null; pending: boolean; pickup: boolean; freeFromNgn: number | null }) {
  let text: ReactNode = null;
  if (pickup) text = 'Pick-up is free.';
  else if (quote) {
    text = quote.free ? (
      <>Delivery is free for this order{quote.configName ? ` (${quote.configName})` : ''}.</>
    ) : (
      <>
        Delivery fee: <strong>{formatAmount(quote.fee, quote.currency)}</strong>
        {quote.freeFromNgn ? (
          <>
            {' '}
            · free from <Price amount={quote.freeFromNgn} /> of flowers and gifts
          </>
        ) : null}
      </>
    );
  } else if (pending) text = 'Working out the delivery fee…';
  else if (freeFromNgn !== null) {
    text = (
      <>
        Choose the zone to see the fee. Free delivery from <Price amount={freeFromNgn} />.
      </>
    );
  }
  return (
    <p className={styles.fee} role="status">
      {text}
    </p>
  );
}

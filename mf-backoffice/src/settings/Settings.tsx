import { CURRENCY_NAMES, type CurrencyName, type GeneralSettings as SettingsData, type GeneralSettingsRequest, type GeneralSettingsResult } from '@adire/contracts';
import { amountFromWord, currencySign, fillPricePlaceholders } from '@adire/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { DeliverySettings } from './DeliverySettings';

/** A rate's sign in the preview: the shop's own (`currencySign`), none for a name it does not know. */
const signOf = (currency: string) => ((CURRENCY_NAMES as readonly string[]).includes(currency) ? currencySign(currency as CurrencyName) : '');

/** Alert banner (with a live preview), currency rates, payment alerts and delivery: the settings command's rules, with clear messages. */
export function Settings() {
  const [settings, setSettings] = useState<SettingsData | null>(null);
  const [alert, setAlert] = useState('');
  const [rates, setRates] = useState<Record<string, string>>({});
  const [paymentAlerts, setPaymentAlerts] = useState<Record<string, string>>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const show = (data: SettingsData) => {
    setSettings(data);
    setAlert(data.siteWideAlert);
    setRates(Object.fromEntries(Object.entries(data.rates).filter(([c]) => c !== 'NGN').map(([c, r]) => [c, String(r)])));
    setPaymentAlerts(data.paymentAlerts);
  };
  useEffect(() => {
    void staffApi.get<SettingsData>(paths.settings).then((res) => (res.error || !res.data ? setError(res.message) : show(res.data)));
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>, body: GeneralSettingsRequest) => {
    event.preventDefault();
    setMessage('');
    setError('');
    setFields({});
    const res = await staffApi.put<GeneralSettingsResult, GeneralSettingsRequest>(paths.settings, body);
    if (res.error || !res.data) {
      setError(res.message);
      setFields(res.fields ?? {});
      return;
    }
    setMessage(res.data.messages.join(' '));
    show(res.data.settings);
  };

  if (!settings) {
    return (
      <section className={styles.page}>
        <h1>Settings</h1>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p>Loading the settings…</p>
        )}
      </section>
    );
  }

  const preview = (currency: string) => fillPricePlaceholders(alert, { conversionRate: currency === 'NGN' ? 1 : Number(rates[currency]) || settings.rates[currency] || 1, sign: signOf(currency) });
  const fieldError = (name: string) =>
    fields[name] ? (
      <span className={styles.error} id={`${name}-error`}>
        {fields[name]}
      </span>
    ) : null;

  return (
    <section className={styles.page}>
      <h1>Settings</h1>
      <p>Changes show to shoppers on their next page load.</p>
      <p role="status" className={styles.success}>
        {message}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}

      <form aria-label="Alert banner" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { siteWideAlert: alert })}>
        <h2>Alert banner</h2>
        <label>
          Alert banner text
          <textarea value={alert} rows={3} maxLength={1200} onChange={(e) => setAlert(e.target.value)} aria-describedby="alert-help" aria-invalid={!!fields.siteWideAlert} />
        </label>
        <p id="alert-help" className={styles.note}>
          Write a price as {'{{150000}}'} (naira): each shopper sees it in their currency. Empty: no banner.
        </p>
        {fieldError('siteWideAlert')}
        <section aria-label="Preview" className={styles.preview}>
          <h3>Preview</h3>
          {alert.trim() ? (
            ['NGN', 'USD', 'GBP'].map((c) => (
              <p key={c}>
                <span className={styles.note}>{c}:</span> {preview(c)}
              </p>
            ))
          ) : (
            <p>No banner is shown.</p>
          )}
        </section>
        <button type="submit" className={styles.primary}>
          Save alert
        </button>
      </form>

      <form aria-label="Currency rates" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { rates: Object.fromEntries(Object.entries(rates).map(([c, r]) => [c, amountFromWord(r)])) })}>
        <h2>Currency rates</h2>
        <p className={styles.note}>Naira per unit; prices are divided by the rate and rounded up. NGN is always 1.</p>
        {Object.keys(rates).map((c) => (
          <label key={c}>
            {c} rate
            <input inputMode="decimal" value={rates[c]} onChange={(e) => setRates((r) => ({ ...r, [c]: e.target.value }))} aria-invalid={!!fields[`rates.${c}`]} />
            {fieldError(`rates.${c}`)}
          </label>
        ))}
        <button type="submit" className={styles.primary}>
          Save rates
        </button>
      </form>

      <form aria-label="Payment alerts" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { paymentAlerts })}>
        <h2>Payment alerts</h2>
        {Object.keys(paymentAlerts).length ? (
          Object.keys(paymentAlerts).map((method) => (
            <label key={method}>
              Alert for {method}
              <input value={paymentAlerts[method]} onChange={(e) => setPaymentAlerts((p) => ({ ...p, [method]: e.target.value }))} aria-invalid={!!fields[`paymentAlerts.${method}`]} />
              {fieldError(`paymentAlerts.${method}`)}
            </label>
          ))
        ) : (
          <p>No payment alerts.</p>
        )}
        {Object.keys(paymentAlerts).length > 0 && (
          <button type="submit" className={styles.primary}>
            Save payment alerts
          </button>
        )}
      </form>

      <DeliverySettings />
    </section>
  );
}

import { api } from '@adire/api-client';
import { API_PATHS } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useState, type FormEvent } from 'react';
import styles from './shell.module.css';

/** Footer newsletter box: email, Subscribe, 'We care about your data'. */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function subscribe(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await api.post<{ confirmationRequired: boolean; email: string }>(API_PATHS.subscribe, undefined, { query: { email: email.trim() } });
    setBusy(false);
    if (res.error) {
      bus.emit('toast:show', { type: 'error', message: `Unable to subscribe: ${res.message}` });
      return;
    }
    setEmail('');
    // Double opt-in: nothing arrives but the confirmation mail until its link is followed.
    bus.emit('toast:show', { type: 'success', message: 'Thank you for subscribing! Check your inbox and open the link we sent to confirm your subscription.' });
  }

  return (
    <form className={styles.newsletter} onSubmit={subscribe} aria-label="Newsletter" noValidate>
      <h2 id="newsletter-heading">Newsletter</h2>
      <label htmlFor="newsletter-email" className={styles.visuallyHidden}>
        Email address
      </label>
      <div className={styles.newsletterRow}>
        <input id="newsletter-email" type="email" placeholder="Enter your email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        <button type="submit" disabled={busy}>
          Subscribe
        </button>
      </div>
      <p className={styles.note}>We care about your data</p>
    </form>
  );
}

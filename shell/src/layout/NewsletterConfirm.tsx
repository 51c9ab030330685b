import { api } from '@adire/api-client';
import { API_PATHS, BRAND } from '@adire/contracts';
import { useState } from 'react';
import { pageLocation } from '../pageLocation';
import { untilRunning, useRunning } from './running';
import styles from './shell.module.css';

type State = { status: 'ready' } | { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

export const INVALID_CONFIRM_LINK = 'This confirmation link is not valid or has expired';

/**
 * The page a newsletter confirmation mail links to (footer hidden). Opening it confirms nothing: a
 * mail scanner that fetches every link would otherwise subscribe the address. The shopper's button
 * POSTs the token from the address.
 */
export function NewsletterConfirm() {
  const token = new URLSearchParams(pageLocation().search).get('token') ?? '';
  const running = useRunning();
  const [state, setState] = useState<State>(token ? { status: 'ready' } : { status: 'failed', message: INVALID_CONFIRM_LINK });

  async function confirm() {
    setState({ status: 'working' });
    const res = await api.post<{ subscribed: boolean; email: string }>(API_PATHS.confirmSubscription, { token });
    setState(res.error || !res.data ? { status: 'failed', message: res.message } : { status: 'done', email: res.data.email });
  }

  return (
    <section className={styles.notFound} aria-live="polite">
      <h1>Newsletter</h1>
      {(state.status === 'ready' || state.status === 'working') && (
        <>
          <p>Confirm that you want to receive the {BRAND} newsletter at this address.</p>
          {/* Drawn on the server, the button waits for the browser's page to work; a tap before is kept (untilRunning). */}
          <p>
            <button type="button" className={styles.primaryButton} onClick={() => void confirm()} disabled={state.status === 'working' || !running} {...untilRunning(running)}>
              Confirm subscription
            </button>
          </p>
        </>
      )}
      {state.status === 'done' && <p>Your subscription is confirmed: {state.email} will receive the {BRAND} newsletter. You can unsubscribe from any newsletter we send.</p>}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      <a href="/">Go Home</a>
    </section>
  );
}

import { api } from '@adire/api-client';
import { API_PATHS, BRAND } from '@adire/contracts';
import { useState } from 'react';
import { pageLocation } from '../pageLocation';
import { untilRunning, useRunning } from './running';
import styles from './shell.module.css';

type State = { status: 'ready' } | { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid or has expired';

/**
 * The page an unsubscribe link in a newsletter mail opens (footer hidden). Opening it unsubscribes
 * nothing: a mail scanner that opens every link, scripts and all, would otherwise unsubscribe the
 * reader. The reader's button POSTs the token from the address.
 */
export function Unsubscribe() {
  const token = new URLSearchParams(pageLocation().search).get('token') ?? '';
  const running = useRunning();
  const [state, setState] = useState<State>(token ? { status: 'ready' } : { status: 'failed', message: INVALID_UNSUBSCRIBE_LINK });

  async function unsubscribe() {
    setState({ status: 'working' });
    const res = await api.post<{ unsubscribed: boolean; email: string }>(API_PATHS.unsubscribe, { token });
    setState(res.error || !res.data ? { status: 'failed', message: res.message } : { status: 'done', email: res.data.email });
  }

  return (
    <section className={styles.notFound} aria-live="polite">
      <h1>Newsletter</h1>
      {(state.status === 'ready' || state.status === 'working') && (
        <>
          <p>Stop sending the {BRAND} newsletter to this address?</p>
          {/* Drawn on the server, the button waits for the browser's page to work; a tap before is kept (untilRunning). */}
          <p>
            <button type="button" className={styles.primaryButton} onClick={() => void unsubscribe()} disabled={state.status === 'working' || !running} {...untilRunning(running)}>
              Unsubscribe
            </button>
          </p>
        </>
      )}
      {state.status === 'done' && <p>You have been unsubscribed: {state.email} will receive no more newsletters from {BRAND}.</p>}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      <a href="/">Go Home</a>
    </section>
  );
}

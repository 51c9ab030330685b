import { api } from '@adire/api-client';
import { API_PATHS } from '@adire/contracts';
import { useEffect, useState } from 'react';
import styles from './shell.module.css';

type State = { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

/** The page an unsubscribe link in a newsletter mail opens (footer hidden). */
export function Unsubscribe() {
  const [state, setState] = useState<State>({ status: 'working' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!token) {
      setState({ status: 'failed', message: 'This unsubscribe link is not valid or has expired' });
      return;
    }
    void api.post<{ unsubscribed: boolean; email: string }>(API_PATHS.unsubscribe, { token }).then((res) =>
      setState(res.error || !res.data ? { status: 'failed', message: res.message } : { status: 'done', email: res.data.email }),
    );
  }, []);
  return (
    <section className={styles.notFound} aria-live="polite">
      <h1>Newsletter</h1>
      {state.status === 'working' && <p>Unsubscribing…</p>}
      {state.status === 'done' && <p>You have been unsubscribed: {state.email} will receive no more newsletters from Adire Blooms.</p>}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      <a href="/">Go Home</a>
    </section>
  );
}

import { api } from '@adire/api-client';
import { ACCOUNT_API } from '@adire/contracts/account';
import { useState } from 'react';
import styles from './pages.module.css';

/** Where a reminder mail's stop link opens. */
export const REMINDER_STOP_PATH = '/account/reminders/stop';

/** The stop link of a reminder mail: one button, no login (opening the link alone changes nothing). */
export function StopReminderPage() {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = async () => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    const res = await api.post<{ stopped: boolean; name: string }>(ACCOUNT_API.reminderStop, { token }, { token: null });
    if (res.error || !res.data) return setProblem(res.message);
    setDone(res.data.name);
  };
  return (
    <section className={styles.page} aria-labelledby="stop-heading" data-boundary="account">
      <h1 id="stop-heading">Stop a reminder</h1>
      {done ? (
        <p role="status">You will get no more e-mails for {done}.</p>
      ) : (
        <>
          <p>We will stop e-mailing you before this date each year.</p>
          <p>
            <button type="button" className={styles.primary} onClick={() => void stop()}>
              Stop this reminder
            </button>
          </p>
          {problem && <p role="alert">{problem}</p>}
        </>
      )}
    </section>
  );
}

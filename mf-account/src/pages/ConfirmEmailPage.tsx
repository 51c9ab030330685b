import { api } from '@adire/api-client';
import { ACCOUNT_API } from '@adire/contracts/account';
import { useState } from 'react';
import styles from './pages.module.css';

/** Where the sign-up mail's confirmation link opens (issue 38, item 5). */
export const CONFIRM_EMAIL_PATH = '/account/confirm-email';

/** The sign-up mail's confirmation link: one button, no login (opening the link alone changes nothing). */
export function ConfirmEmailPage() {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    const res = await api.post<{ confirmed: boolean; email: string }>(ACCOUNT_API.confirmEmail, { token }, { token: null });
    if (res.error || !res.data) return setProblem(res.message);
    setDone(res.data.email);
  };
  return (
    <section className={styles.page} aria-labelledby="confirm-heading" data-boundary="account">
      <h1 id="confirm-heading">Confirm your e-mail address</h1>
      {done ? (
        <p role="status">Thank you: {done} is confirmed. We can now send you the reminders you ask for.</p>
      ) : (
        <>
          <p>Confirm that this address is yours, so that we can e-mail you the reminders you set.</p>
          <p>
            <button type="button" className={styles.primary} onClick={() => void confirm()}>
              Confirm my address
            </button>
          </p>
          {problem && <p role="alert">{problem}</p>}
        </>
      )}
    </section>
  );
}

import type { PasswordResetRequest, ResetCodeAnswer, ResetCodeRequest, StaffSignedIn } from '@adire/contracts';
import { useNavigate } from '@adire/router';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from './api';
import styles from './backoffice.module.css';
import { useSession } from './session';

/** A forgotten password: ask for a code by mail, then set a new password with it (like the welcome page). */
export function Reset() {
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const res = await staffApi.post<ResetCodeAnswer, ResetCodeRequest>(paths.resetRequest, { email });
    if (res.error || !res.data) return setError(res.message);
    setSaid(res.data.message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaid('');
    const res = await staffApi.post<StaffSignedIn, PasswordResetRequest>(paths.reset, { email, code: String(form.get('code') ?? ''), password: String(form.get('password') ?? '') });
    if (res.error || !res.data) return setError(res.message);
    signIn({ token: res.data.token, ...res.data.staff });
    navigate('/', { replace: true });
  };

  return (
    <section className={styles.narrow}>
      <h1>Choose a new password</h1>
      <form aria-label="Ask for a code" onSubmit={(e) => void ask(e)} className={styles.form}>
        <p>Forgot your password? We mail a code to your staff address.</p>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <button type="submit" className={styles.secondary}>
          Mail me a code
        </button>
      </form>
      <p role="status" className={styles.success}>
        {said}
      </p>
      <form aria-label="Set a new password" onSubmit={(e) => void submit(e)} className={styles.form}>
        <label>
          Code from the e-mail
          <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
        </label>
        <label>
          New password
          <input name="password" type="password" autoComplete="new-password" minLength={8} required />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary}>
          Set new password
        </button>
      </form>
    </section>
  );
}

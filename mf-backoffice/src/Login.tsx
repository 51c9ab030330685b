import type { StaffLoginRequest, StaffSignedIn } from '@adire/contracts';
import { useLocation, useNavigate } from '@adire/router';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from './api';
import styles from './backoffice.module.css';
import { useSession } from './session';

export function Login() {
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const res = await staffApi.post<StaffSignedIn, StaffLoginRequest>(paths.login, { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    setBusy(false);
    if (res.error || !res.data) return setError(res.message);
    signIn({ token: res.data.token, ...res.data.staff });
    navigate((location.state as { from?: string } | null)?.from ?? '/', { replace: true });
  };

  return (
    <section className={styles.narrow}>
      <h1>Back office login</h1>
      <p>For the shop's staff. Shoppers log in from the store's header.</p>
      <form aria-label="Staff login" onSubmit={(e) => void submit(e)} className={styles.form}>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          Log in
        </button>
      </form>
      <p>
        Invited by a manager? <a href="/backoffice/welcome">Set your password</a>
      </p>
      <p>
        <a href="/backoffice/reset">Forgot your password?</a>
      </p>
    </section>
  );
}

import type { AcceptInviteRequest, StaffSignedIn } from '@adire/contracts';
import { useNavigate } from '@adire/router';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from './api';
import styles from './backoffice.module.css';
import { useSession } from './session';

/** An invited member sets a password with the code from the invitation mail. */
export function Welcome() {
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const email = new URLSearchParams(window.location.search).get('email') ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const res = await staffApi.post<StaffSignedIn, AcceptInviteRequest>(paths.acceptInvite, { email: text('email'), code: text('code'), password: text('password') });
    if (res.error || !res.data) return setError(res.message);
    signIn({ token: res.data.token, ...res.data.staff });
    navigate('/', { replace: true });
  };

  return (
    <section className={styles.narrow}>
      <h1>Welcome to the back office</h1>
      <p>Enter the invitation code from your e-mail and choose a password.</p>
      <form aria-label="Set your password" onSubmit={(e) => void submit(e)} className={styles.form}>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" defaultValue={email} required />
        </label>
        <label>
          Invitation code
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
          Set password
        </button>
      </form>
    </section>
  );
}

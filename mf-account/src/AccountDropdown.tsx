import { api } from '@adire/api-client';
import { API_PATHS, writeStored, type User } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styles from './account.module.css';

type View = 'login' | 'signup' | 'forgotPassword' | 'validateOtp' | 'newPassword';

export function AccountDropdown() {
  const user = useBusValue('user:changed', null);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('login');
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div data-boundary="account" className={styles.root} ref={rootRef}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {user ? (user.name ?? user.email) : 'Account'}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {user ? (
          <>
            <p>Signed in as {user.email}</p>
            <button
              type="button"
              onClick={() => {
                writeStored('user', null);
                bus.emit('user:changed', null);
                bus.emit('account:logout', {});
                setOpen(false);
              }}
            >
              Logout
            </button>
          </>
        ) : view === 'login' ? (
          <LoginForm onRegister={() => setView('signup')} onForgot={() => setView('forgotPassword')} />
        ) : (
          <>
            <p className={styles.note}>This part of your account arrives soon.</p>
            <button type="button" className={styles.link} onClick={() => setView('login')}>
              Back to Login
            </button>
          </>
        )}
      </div>
    </div>
  );
}

function LoginForm({ onRegister, onForgot }: { onRegister(): void; onForgot(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [reveal, setReveal] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await api.post<User>(API_PATHS.login, { email, password });
    setBusy(false);
    if (res.error || !res.data) {
      bus.emit('toast:show', { type: 'error', message: `Unable to login: ${res.message}` });
      return;
    }
    writeStored('user', res.data);
    bus.emit('user:changed', res.data);
    bus.emit('toast:show', { type: 'success', message: `Logged in successfully as ${res.data.email}` });
  }

  return (
    <form onSubmit={submit} className={styles.form} aria-label="Login">
      <label>
        Email
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      </label>
      <label>
        Password
        <span className={styles.password}>
          <input type={reveal ? 'text' : 'password'} required value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
          <button type="button" onClick={() => setReveal((r) => !r)} aria-label={reveal ? 'Hide password' : 'Show password'}>
            {reveal ? 'Hide' : 'Show'}
          </button>
        </span>
      </label>
      <button type="submit" className={styles.primary} disabled={busy}>
        Login
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={onRegister}>
          Register
        </button>
        <button type="button" className={styles.link} onClick={onForgot}>
          Forgot Password
        </button>
      </div>
    </form>
  );
}

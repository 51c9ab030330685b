import { api } from '@adire/api-client';
import { ACCOUNT_PATH, API_PATHS, type User } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styles from './account.module.css';
import { Field } from './Field';
import { ACTIONS, emailMessage, failureMessage, isLegacyUserError, LEGACY_USER_TOAST, requiredMessage, transition, type FlowEvent, type View } from './flow';
import { logout, saveUser } from './session';

const toast = (type: 'success' | 'info' | 'error', message: string) => bus.emit('toast:show', { type, message });

const TITLES: Record<View, string> = {
  login: 'Login',
  signup: 'Create an account',
  forgotPassword: 'Forgot password',
  validateOtp: 'Enter one-time password',
  newPassword: 'Create a new password',
};

/**
 * `openOnMount`: the shell mounts this parcel only when a shopper without a stored user first uses
 * its stand-in Account button; then the dropdown opens at once, as the click asked.
 */
export function AccountDropdown({ openOnMount = false }: { openOnMount?: boolean }) {
  const user = useBusValue('user:changed', null);
  const [open, setOpen] = useState(openOnMount);
  const [view, setView] = useState<View>('login');
  const [email, setEmail] = useState('');
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const move = (event: FlowEvent) => setView((v) => transition(v, event));

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onClick = (e: MouseEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const shared = { email, setEmail, move };
  let body: ReactNode;
  if (user && view === 'login') {
    body = (
      <div className={styles.form}>
        <p>
          Signed in as <strong>{user.email}</strong>
        </p>
        <a
          href={ACCOUNT_PATH}
          className={styles.link}
          onClick={(e) => {
            e.preventDefault();
            setOpen(false);
            window.history.pushState(null, '', ACCOUNT_PATH);
          }}
        >
          My account
        </a>
        <button type="button" className={styles.primary} onClick={() => void logout().then(() => setOpen(false))}>
          Logout
        </button>
      </div>
    );
  } else if (view === 'login') body = <LoginView {...shared} />;
  else if (view === 'signup') body = <SignupView {...shared} />;
  else if (view === 'forgotPassword') body = <ForgotPasswordView {...shared} />;
  else if (view === 'validateOtp') body = <ValidateOtpView {...shared} />;
  else body = <NewPasswordView {...shared} />;

  return (
    <div data-boundary="account" className={styles.root} ref={rootRef}>
      <button ref={toggleRef} type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} aria-haspopup="true" onClick={() => setOpen((o) => !o)}>
        {/* Phones show the icon; the words stay the button's name. */}
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={styles.toggleIcon}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
        </svg>
        <span className={styles.toggleLabel}>{user ? (user.name ?? user.email) : 'Account'}</span>
      </button>
      <div id={panelId} ref={panelRef} className={styles.panel} hidden={!open} role="group" aria-label={user && view === 'login' ? 'Your account' : TITLES[view]}>
        {!(user && view === 'login') && <h2 className={styles.title}>{TITLES[view]}</h2>}
        {body}
        {view !== 'login' && (
          <button type="button" className={styles.link} onClick={() => move('backToLogin')}>
            Back to Login
          </button>
        )}
      </div>
    </div>
  );
}

export interface ViewProps {
  email: string;
  setEmail(email: string): void;
  move(event: FlowEvent): void;
}

/** Submit helper: shows every field's error and stops when any is invalid. */
function useSubmit(validate: () => boolean, action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (!validate() || busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return { busy, showErrors, onSubmit };
}

const passwordRequired = (v: string) => requiredMessage('Password', v);

export function LoginView({ email, setEmail, move }: ViewProps) {
  const [password, setPassword] = useState('');
  const { busy, showErrors, onSubmit } = useSubmit(
    () => !emailMessage(email) && !passwordRequired(password),
    async () => {
      const res = await api.post<User>(API_PATHS.login, { email: email.trim(), password });
      if (res.error || !res.data) {
        if (isLegacyUserError(res.message)) {
          toast('info', LEGACY_USER_TOAST);
          move('legacyUser');
        } else toast('error', failureMessage(ACTIONS.login, res.message));
        return;
      }
      saveUser(res.data);
      toast('success', `Logged in successfully as ${res.data.email}`);
    },
  );
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Login" noValidate>
      <Field label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} validate={emailMessage} showErrors={showErrors} />
      <Field label="Password" type="password" autoComplete="current-password" required revealable value={password} onChange={setPassword} validate={passwordRequired} showErrors={showErrors} />
      <button type="submit" className={styles.primary} disabled={busy}>
        Login
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => move('register')}>
          Register
        </button>
        <button type="button" className={styles.link} onClick={() => move('forgotPassword')}>
          Forgot Password
        </button>
      </div>
    </form>
  );
}

function SignupView({ email, setEmail, move }: ViewProps) {
  const [password, setPassword] = useState('');
  const { busy, showErrors, onSubmit } = useSubmit(
    () => !emailMessage(email) && !passwordRequired(password),
    async () => {
      const res = await api.post<User>(API_PATHS.signup, { email: email.trim(), password });
      if (res.error || !res.data) return toast('error', failureMessage(ACTIONS.signup, res.message));
      saveUser(res.data);
      toast('success', 'User signed up successfully');
      move('alreadyUser');
    },
  );
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Sign up" noValidate>
      <Field label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} validate={emailMessage} showErrors={showErrors} />
      <Field label="Password" type="password" autoComplete="new-password" required revealable value={password} onChange={setPassword} validate={passwordRequired} showErrors={showErrors} />
      <button type="submit" className={styles.primary} disabled={busy}>
        Register
      </button>
      <button type="button" className={styles.link} onClick={() => move('alreadyUser')}>
        Already a user
      </button>
    </form>
  );
}

function ForgotPasswordView({ email, setEmail, move }: ViewProps) {
  const { busy, showErrors, onSubmit } = useSubmit(
    () => !emailMessage(email),
    async () => {
      const res = await api.post(API_PATHS.otpRequest, { email: email.trim() });
      if (res.error) return toast('error', failureMessage(ACTIONS.otpRequest, res.message));
      toast('success', `One-time password has been sent to ${email.trim()}`);
      move('codeSent');
    },
  );
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Forgot password" noValidate>
      <p className={styles.note}>We will e-mail you a one-time password.</p>
      <Field label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} validate={emailMessage} showErrors={showErrors} />
      <button type="submit" className={styles.primary} disabled={busy}>
        Send code
      </button>
    </form>
  );
}

function ValidateOtpView({ email, move }: ViewProps) {
  const [code, setCode] = useState('');
  const otpRequired = (v: string) => requiredMessage('OTP', v);
  const { busy, showErrors, onSubmit } = useSubmit(
    () => !otpRequired(code),
    async () => {
      const res = await api.post<User>(API_PATHS.otpValidate, { email: email.trim(), code: code.trim() });
      if (res.error || !res.data) return toast('error', failureMessage(ACTIONS.otpValidate, res.message));
      // Stored (its token authorises the password change) but announced once the password is set.
      saveUser(res.data, false);
      toast('success', 'OTP validated successfully');
      move('codeAccepted');
    },
  );
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Enter one-time password" noValidate>
      <p className={styles.note}>Enter the code we sent to {email || 'your e-mail'}.</p>
      <Field label="OTP" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={setCode} validate={otpRequired} showErrors={showErrors} />
      <button type="submit" className={styles.primary} disabled={busy}>
        Validate
      </button>
    </form>
  );
}

function NewPasswordView({ move }: ViewProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const confirmRequired = (v: string) => requiredMessage('Confirm password', v);
  const { busy, showErrors, onSubmit } = useSubmit(
    () => !passwordRequired(password) && !confirmRequired(confirm),
    async () => {
      if (password !== confirm) return toast('error', 'Passwords do not match'); // no call is made
      const res = await api.put<User>(API_PATHS.changePassword, { password });
      if (res.error || !res.data) return toast('error', failureMessage(ACTIONS.changePassword, res.message));
      saveUser(res.data);
      toast('success', 'Password changed successfully and user logged in');
      move('passwordChanged');
    },
  );
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Create a new password" noValidate>
      <Field label="New password" type="password" autoComplete="new-password" required revealable value={password} onChange={setPassword} validate={(v) => requiredMessage('New password', v)} showErrors={showErrors} />
      <Field label="Confirm password" type="password" autoComplete="new-password" required revealable value={confirm} onChange={setConfirm} validate={confirmRequired} showErrors={showErrors} />
      <button type="submit" className={styles.primary} disabled={busy}>
        Save password
      </button>
    </form>
  );
}

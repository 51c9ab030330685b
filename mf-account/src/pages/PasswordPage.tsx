import { api } from '@adire/api-client';
import { API_PATHS, type User } from '@adire/contracts';
import { useState, type FormEvent } from 'react';
import { Field } from '../Field';
import { saveUser } from '../session';
import styles from './pages.module.css';
import { fieldSentences, toast } from './say';

const LABELS = { currentPassword: 'Current password', password: 'New password' };

/** /account/password: a new password, which signs the other sessions out. */
export function PasswordPage() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.put<User>(API_PATHS.changePassword, { password: next, currentPassword: current });
    if (res.error || !res.data) {
      setFields(fieldSentences(res.fields as Record<string, unknown> | undefined, LABELS));
      return toast('error', res.message);
    }
    saveUser(res.data);
    setCurrent('');
    setNext('');
    setFields({});
    toast('success', 'Your password was changed. Your other sessions were signed out.');
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">Change your password</h2>
      <Field label={LABELS.currentPassword} type="password" autoComplete="current-password" value={current} onChange={setCurrent} error={fields.currentPassword} />
      <Field label={LABELS.password} type="password" autoComplete="new-password" value={next} onChange={setNext} error={fields.password} />
      <p className={styles.note}>Changing it signs you out everywhere else.</p>
      <button type="submit" className={styles.primary}>
        Change password
      </button>
    </form>
  );
}

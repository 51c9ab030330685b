import { useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

export interface Member {
  email: string;
  name: string | null;
  role: 'florist' | 'manager';
  active: boolean;
  disabled: boolean;
}

export interface Outcome {
  message: string;
  member: Member | null;
}

const status = (m: Member) => (m.disabled ? 'disabled' : m.active ? 'active' : 'invited, no password yet');

/** One member of staff and what a manager can do to their account; the outcome (or refusal) goes to the page. */
export function MemberCard({ member, you, onDone }: { member: Member; you: boolean; onDone(result: { message: string; error: boolean }): void }) {
  const [role, setRole] = useState(member.role);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const who = member.name ?? member.email;

  const run = async (action: string, put?: Record<string, unknown>) => {
    setBusy(true);
    const url = paths.member(member.email, action);
    const res = put ? await staffApi.put<Outcome>(url, put) : await staffApi.post<Outcome>(url);
    setBusy(false);
    setRemoving(false);
    onDone(res.error || !res.data ? { message: res.message, error: true } : { message: res.data.message, error: false });
  };

  return (
    <li className={styles.card} aria-label={who}>
      <h2 className={styles.entryTitle}>
        {who}
        {you && <span> (you)</span>}
      </h2>
      <dl className={styles.facts}>
        <dt>E-mail</dt>
        <dd>{member.email}</dd>
        <dt>Role</dt>
        <dd>{member.role}</dd>
        <dt>Account</dt>
        <dd>{status(member)}</dd>
      </dl>
      <div className={styles.inline}>
        <label>
          Role of {who}
          <select value={role} onChange={(e) => setRole(e.target.value as Member['role'])}>
            <option value="florist">Florist</option>
            <option value="manager">Manager</option>
          </select>
        </label>
        <button type="button" className={styles.secondary} disabled={busy || role === member.role} onClick={() => void run('role', { role })}>
          Change role
        </button>
      </div>
      <div className={styles.actions}>
        {member.disabled ? (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run('enable')}>
            Enable
          </button>
        ) : (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run('disable')}>
            Disable
          </button>
        )}
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run('sign-out')}>
          Sign out everywhere
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run('unlock')}>
          Unlock logins
        </button>
        {member.active && !member.disabled && (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run('reset')}>
            Send a password reset code
          </button>
        )}
        {removing ? (
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void run('remove')}>
            Yes, remove {member.email}
          </button>
        ) : (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => setRemoving(true)}>
            Remove
          </button>
        )}
      </div>
    </li>
  );
}

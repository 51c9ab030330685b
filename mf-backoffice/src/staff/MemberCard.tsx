import { STAFF_ROLE_LABELS, STAFF_ROLES, type MemberAction, type MemberOutcome, type RoleChangeRequest, type StaffMember as Member, type StaffRole } from '@adire/contracts';
import { useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

const status = (m: Member) => (m.disabled ? 'disabled' : m.active ? 'active' : 'invited, no password yet');

/** One member of staff and what a manager can do to their account; the outcome (or refusal) goes to the page. */
export function MemberCard({ member, you, onDone }: { member: Member; you: boolean; onDone(result: { message: string; error: boolean }): void }) {
  const [role, setRole] = useState(member.role);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const who = member.name ?? member.email;

  const run = async (action: MemberAction | { role: StaffRole }) => {
    setBusy(true);
    const res =
      typeof action === 'string'
        ? await staffApi.post<MemberOutcome>(paths.member(member.email, action))
        : await staffApi.put<MemberOutcome, RoleChangeRequest>(paths.memberRole(member.email), action);
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
          <select value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r].label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.secondary} disabled={busy || role === member.role} onClick={() => void run({ role })}>
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

import { STAFF_ROLE_LABELS, STAFF_ROLES, type InviteRequest, type StaffMember as Member, type StaffRole } from '@adire/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { useSession } from '../session';
import { MemberCard } from './MemberCard';

/**
 * The shop's staff, invitations (a one-time code by mail to set a password) and each member's account:
 * role, disable/enable, sign out everywhere, unlock, a password reset code, removal (issue 32).
 */
export function Staff() {
  const you = useSession((s) => s.session?.email);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const res = await staffApi.get<Member[]>(paths.staff);
    if (res.error || !res.data) return setError(res.message);
    setMembers(res.data);
  }, []);
  useEffect(() => void load(), [load]);

  const acted = async ({ message, error: refused }: { message: string; error: boolean }) => {
    setSaid(refused ? '' : message);
    setError(refused ? message : '');
    await load();
  };

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError('');
    setSaid('');
    setFields({});
    const res = await staffApi.post<Member, InviteRequest>(paths.staff, { email: String(form.get('email') ?? ''), name: String(form.get('name') ?? '') || undefined, role: String(form.get('role')) as StaffRole });
    if (res.error || !res.data) {
      setError(res.message);
      setFields(res.fields ?? {});
      return;
    }
    setSaid(`${res.data.email} is invited as a ${res.data.role}: the code is on its way by e-mail.`);
    formElement.reset();
    await load();
  };

  return (
    <section className={styles.page}>
      <h1>Staff</h1>
      <p role="status" className={styles.success}>
        {said}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <form aria-label="Invite a member of staff" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void invite(e)}>
        <h2>Invite</h2>
        <label>
          E-mail
          <input name="email" type="email" required aria-invalid={!!fields.email} />
        </label>
        <label>
          Name
          <input name="name" maxLength={120} />
        </label>
        <label>
          Role
          <select name="role" defaultValue="florist">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r].label} ({STAFF_ROLE_LABELS[r].powers})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          Send invitation
        </button>
      </form>
      {members && (
        <ul className={styles.cards} aria-label="Members of staff">
          {members.map((m) => (
            // A new role starts the card again (its role picker shows the role it now has); enabling or
            // disabling does not, so a role picked while the list reloads after it is kept.
            <MemberCard key={`${m.email} ${m.role}`} member={m} you={m.email === you} onDone={(r) => void acted(r)} />
          ))}
        </ul>
      )}
    </section>
  );
}

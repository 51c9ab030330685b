import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

interface Member {
  email: string;
  name: string | null;
  role: 'florist' | 'manager';
  active: boolean;
}

/** The shop's staff, and invitations: a one-time code by mail to set a password. */
export function Staff() {
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

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError('');
    setSaid('');
    setFields({});
    const res = await staffApi.post<Member>(paths.staff, { email: form.get('email'), name: form.get('name') || undefined, role: form.get('role') });
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
            <option value="florist">Florist (orders, deliveries, transfers)</option>
            <option value="manager">Manager (everything)</option>
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          Send invitation
        </button>
      </form>
      {members && (
        <ul className={styles.cards} aria-label="Members of staff">
          {members.map((m) => (
            <li key={m.email} className={styles.card}>
              <h2 className={styles.entryTitle}>{m.name ?? m.email}</h2>
              <dl className={styles.facts}>
                <dt>E-mail</dt>
                <dd>{m.email}</dd>
                <dt>Role</dt>
                <dd>{m.role}</dd>
                <dt>Account</dt>
                <dd>{m.active ? 'active' : 'invited, no password yet'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { api } from '@adire/api-client';
import { ACCOUNT_API, type AccountSession } from '@adire/contracts/account';
import { useEffect, useState } from 'react';
import styles from './pages.module.css';
import { toast } from './say';
import { foldSessions, timeAgo, type DeviceSessions } from './sessions';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** /account/sessions: where the shopper is logged in, this device marked, the others signed out by device. */
export function SessionsPage() {
  const [list, setList] = useState<AccountSession[] | null>(null);
  useEffect(() => {
    void api.get<AccountSession[]>(ACCOUNT_API.sessions).then((res) => setList(res.data ?? []));
  }, []);
  if (!list) return <p role="status">Loading your sessions…</p>;
  const now = new Date();
  const signOut = async (group: DeviceSessions) => {
    let next: AccountSession[] | null = null;
    for (const s of group.sessions) {
      const res = await api.delete<AccountSession[]>(ACCOUNT_API.session(s.id));
      if (res.error || !res.data) return toast('error', res.message);
      next = res.data;
    }
    if (next) setList(next);
    toast('success', `${group.device} was signed out`);
  };
  const everywhere = async () => {
    const res = await api.post<{ ended: number; sessions: AccountSession[] }>(ACCOUNT_API.signOutOthers, {});
    if (res.error || !res.data) return toast('error', res.message);
    setList(res.data.sessions);
    toast('success', res.data.ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${res.data.ended} other sessions`);
  };
  return (
    <div>
      <h2>Where you are logged in</h2>
      <ul className={styles.list}>
        {foldSessions(list).map((g) => (
          <li key={`${g.current}-${g.device}`} className={styles.card}>
            <h3>
              {g.device}
              {g.current && <span className={styles.badge}>This device</span>}
            </h3>
            <p className={styles.note}>
              {g.sessions.length > 1 ? `${g.sessions.length} sign-ins, the first on ${when(g.signedInAt)}` : `Signed in ${when(g.signedInAt)}`}
              <br />
              Last used <time dateTime={g.lastUsedAt} title={when(g.lastUsedAt)}>{timeAgo(g.lastUsedAt, now)}</time>
            </p>
            {!g.current && (
              <div className={styles.actions}>
                <button type="button" className={styles.secondary} onClick={() => void signOut(g)} aria-label={`Sign out ${g.device}, last used ${timeAgo(g.lastUsedAt, now)}`}>
                  Sign out
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <p>
          <button type="button" className={styles.primary} onClick={() => void everywhere()}>
            Sign out everywhere else
          </button>
        </p>
      )}
    </div>
  );
}

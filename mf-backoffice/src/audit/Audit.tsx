import type { AuditEntry, AuditQuery } from '@adire/contracts';
import { useEffect, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { formatShopDateTimeSeconds } from '@adire/domain/formats';

const when = (iso: string) => formatShopDateTimeSeconds(new Date(iso));
const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Every staff action, newest first, filtered; read-only (the database refuses changes to it). */
export function Audit() {
  const [filters, setFilters] = useState({ actor: '', action: '', target: '' });
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    void staffApi
      .get<AuditEntry[], AuditQuery>(paths.audit, { actor: filters.actor.trim() || undefined, action: filters.action.trim() || undefined, target: filters.target.trim() || undefined }, controller.signal)
      .then((res) => {
        if (controller.signal.aborted) return;
        if (res.error || !res.data) return setError(res.message);
        setError('');
        setEntries(res.data);
      });
    return () => controller.abort();
  }, [filters]);

  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));

  return (
    <section className={styles.page}>
      <h1>Audit</h1>
      <form role="search" aria-label="Filter the audit" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Who (e-mail)
          <input value={filters.actor} onChange={set('actor')} />
        </label>
        <label>
          Action
          <select value={filters.action} onChange={set('action')}>
            <option value="">Any action</option>
            <option value="transfer">Transfers</option>
            <option value="order">Delivery steps</option>
            <option value="settings">Settings</option>
            <option value="staff">Staff</option>
          </select>
        </label>
        <label>
          Order or setting
          <input value={filters.target} onChange={set('target')} />
        </label>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {entries && !entries.length && <p>No actions match.</p>}
      {entries && entries.length > 0 && (
        <ol className={styles.cards} aria-label="Staff actions">
          {entries.map((e) => (
            <li key={e.id} className={styles.card}>
              <h2 className={styles.entryTitle}>
                {e.action} <span>{e.target}</span>
              </h2>
              <dl className={styles.facts}>
                <dt>Who</dt>
                <dd>
                  {e.actor} ({e.role})
                </dd>
                <dt>When</dt>
                <dd>{when(e.at)}</dd>
                <dt>From</dt>
                <dd>{e.source}</dd>
                <dt>Before</dt>
                <dd>{show(e.before)}</dd>
                <dt>After</dt>
                <dd>{show(e.after)}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

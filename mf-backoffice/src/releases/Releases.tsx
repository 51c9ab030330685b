import type { ReleaseHealth as Health, ReleaseStatusAnswer as Status, ReleaseVital, ReleaseVitals } from '@adire/contracts';
import { useEffect, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

type Vitals = ReleaseVitals;
type VitalName = ReleaseVital;

const when = (iso: string) => iso.replace('T', ' ').replace(/(:\d\d)\.\d+Z$/, '$1').replace(/Z$/, '') + ' UTC';
const VITAL_LABELS: [VitalName, string][] = [['lcp', 'LCP'], ['inp', 'INP'], ['cls', 'CLS']];
const vital = (name: VitalName, p75: number | null) => (p75 === null ? '–' : name === 'cls' ? (p75 / 1000).toFixed(3) : `${Math.round(p75)} ms`);
/** "LCP p75 1200 ms, INP p75 96 ms, CLS p75 0.010 (40 / 38 / 40 page loads)", as `pnpm release status` says it. */
const vitalsText = (v: Vitals) =>
  VITAL_LABELS.every(([n]) => v[n].count === 0)
    ? 'no vitals yet'
    : `${VITAL_LABELS.map(([n, label]) => `${label} p75 ${vital(n, v[n].p75)}`).join(', ')} (${VITAL_LABELS.map(([n]) => v[n].count).join(' / ')} page loads)`;
const rate = (h: Health) => `${h.pageLoads} page loads, error rate ${h.pageLoads ? ((h.failures / h.pageLoads) * 100).toFixed(1) : '0.0'}%`;

/** Release status (managers, read-only): the facts of `pnpm release status`. Publishing and rolling back stay the command's. */
export function Releases() {
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void staffApi.get<Status>(paths.releases).then((res) => (res.error || !res.data ? setError(res.message) : setStatus(res.data)));
  }, []);

  return (
    <section className={styles.page}>
      <h1>Releases</h1>
      <p className={styles.note}>
        The live version of the shell and of each remote, as <code>pnpm release status</code> shows them. Publish, roll back and canaries:{' '}
        <code>pnpm release publish|rollback|canary|promote|abort</code>.
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!status && !error && <p>Loading the release status…</p>}
      {status && (
        <>
          <ul className={styles.cards} aria-label="Parts of the store">
            {status.targets.map((t) => {
              const canary = status.canaries.find((c) => c.target === t.target);
              return (
                <li key={t.target} className={styles.card}>
                  <h2 className={styles.entryTitle}>{t.target}</h2>
                  <dl className={styles.facts}>
                    <dt>Live</dt>
                    <dd>{t.liveVersion ?? 'not published'}</dd>
                    {t.live && (
                      <>
                        <dt>Published</dt>
                        <dd>
                          {when(t.live.publishedAt)}, commit {t.live.commit}, contracts {t.live.contractsVersion}
                        </dd>
                      </>
                    )}
                    {t.liveSince && (
                      <>
                        <dt>Live since</dt>
                        <dd>
                          {when(t.liveSince.at)} ({t.liveSince.action}
                          {t.liveSince.forced ? ', forced' : ''})
                        </dd>
                      </>
                    )}
                    {t.drawsOnServer && (
                      <>
                        <dt>Server</dt>
                        <dd>draws on the server</dd>
                      </>
                    )}
                    <dt>Origin</dt>
                    <dd>{t.origin ?? 'this store'}</dd>
                    <dt>Canary</dt>
                    <dd>
                      {canary
                        ? `${canary.version} for ${canary.percent}% of browsers: ${rate(canary.canary)}; stable ${canary.stable.version ?? '(none)'}: ${rate(canary.stable)}`
                        : 'none'}
                    </dd>
                    <dt>Vitals</dt>
                    <dd>
                      {canary?.vitals
                        ? `canary: ${vitalsText(canary.vitals.canary)}; stable: ${vitalsText(canary.vitals.stable)}`
                        : t.vitals
                          ? vitalsText(t.vitals)
                          : 'no vitals yet'}
                    </dd>
                  </dl>
                  {t.earlier.length > 0 && (
                    <details>
                      <summary>
                        {t.earlier.length} earlier version{t.earlier.length === 1 ? '' : 's'}
                      </summary>
                      <ul className={styles.lines} aria-label={`Earlier versions of ${t.target}`}>
                        {t.earlier.map((r) => (
                          <li key={r.version}>
                            {r.version} <span className={styles.note}>published {when(r.publishedAt)}, commit {r.commit}</span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
          <h2>Latest changes</h2>
          {status.history.length ? (
            <ol className={styles.lines} aria-label="Latest changes">
              {status.history.map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  {when(h.at)} · {h.action} · {h.remote}: {h.previous ?? '(none)'} → {h.version}
                  {h.forced ? ' (forced)' : ''}
                  {h.reason ? ` (${h.reason})` : ''}
                </li>
              ))}
            </ol>
          ) : (
            <p>No release has been made yet.</p>
          )}
        </>
      )}
    </section>
  );
}

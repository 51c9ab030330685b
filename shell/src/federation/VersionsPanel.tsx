import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { onRemoteStateChange, versionsOfPage } from './remotes';
import styles from './versions.module.css';

/**
 * What the panel reads, handed in by the shell (start.tsx) rather than imported: a lazily loaded file
 * importing the shell's remotes module made the bundler put that module in a file of its own, one
 * more file on every first visit (issue 42).
 */
export interface PageVersions {
  versionsOfPage: typeof versionsOfPage;
  onRemoteStateChange: typeof onRemoteStateChange;
}

/** "Store versions": what this page runs — the shell's release and each remote's version and state. */
function VersionsPanel({ onClose, page: { versionsOfPage, onRemoteStateChange } }: { onClose: () => void; page: PageVersions }) {
  const [parts, setParts] = useState(versionsOfPage);
  useEffect(() => {
    const stop = onRemoteStateChange(() => setParts(versionsOfPage()));
    // Read again once listening: a remote that loaded between the first render and this effect (the
    // catalogue, hydrating beside the panel) would otherwise show 'loading' for good.
    setParts(versionsOfPage());
    return stop;
  }, []);
  return (
    <aside className={styles.panel} aria-labelledby="store-versions-title" data-boundary="shell">
      <div className={styles.head}>
        <h2 id="store-versions-title">Store versions</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close store versions">
          ×
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Version</th>
            <th scope="col">On this page</th>
          </tr>
        </thead>
        <tbody>
          {parts.map((p) => (
            <tr key={p.part} data-part={p.part}>
              <th scope="row">{p.part}</th>
              <td>
                {p.override ? (
                  <span className={styles.override}>
                    local override <code>{p.entry}</code>
                  </span>
                ) : (
                  <code>{p.version}</code>
                )}
                {p.canary ? <span className={styles.override}> canary</span> : null}
              </td>
              <td>{p.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}

/** Show the readout (the shell calls this when the address has `?versions`). */
export function showVersions(page: PageVersions): void {
  const host = document.createElement('div');
  host.id = 'store-versions';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <VersionsPanel
      page={page}
      onClose={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}

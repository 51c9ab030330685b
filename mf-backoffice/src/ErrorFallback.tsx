import styles from './backoffice.module.css';

/** What the back office shows when one of its pages fails to draw. */
export function ErrorFallback() {
  return (
    <div data-boundary="backoffice" className={styles.root}>
      <section className={styles.page} role="alert">
        <h1>The back office hit a problem</h1>
        <p>Nothing was changed. Reload the page to carry on.</p>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    </div>
  );
}

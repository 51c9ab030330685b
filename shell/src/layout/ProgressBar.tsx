import { useEffect, useRef, useState } from 'react';
import { nextProgress } from '../boot/reload';
import styles from './shell.module.css';

/** Route-change progress: starts when single-spa begins a route change, completes once the route mounted. */
export function ProgressBar() {
  const [value, setValue] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);

  useEffect(() => {
    const finish = () => {
      clearInterval(timer.current);
      setValue((v) => (v === null ? null : 100));
      setTimeout(() => setValue((v) => (v === 100 ? null : v)), 300);
    };
    const begin = (event: Event) => {
      const detail = (event as CustomEvent<{ oldUrl?: string; newUrl?: string }>).detail;
      if (!detail?.oldUrl || !detail.newUrl) return;
      if (new URL(detail.oldUrl).pathname === new URL(detail.newUrl).pathname) return;
      clearInterval(timer.current);
      setValue(10);
      timer.current = setInterval(() => setValue((v) => (v === null ? null : nextProgress(v))), 1000);
    };
    // single-spa fires routing-event once every application of the new route has mounted.
    window.addEventListener('single-spa:before-routing-event', begin);
    window.addEventListener('single-spa:routing-event', finish);
    return () => {
      window.removeEventListener('single-spa:before-routing-event', begin);
      window.removeEventListener('single-spa:routing-event', finish);
      clearInterval(timer.current);
    };
  }, []);

  if (value === null) return null;
  return (
    <div className={styles.progress} role="progressbar" aria-label="Loading page" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className={styles.progressFill} style={{ width: `${value}%` }} />
    </div>
  );
}

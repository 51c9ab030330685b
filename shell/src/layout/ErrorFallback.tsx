import { readStored, writeStored } from '@adire/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { decideAfterCrash, RELOAD_COUNTER_RESET_MS } from '../boot/reload';
import styles from './shell.module.css';

/** 'Oops, there is an error!' — with Try again? (reload) and Go Home (SPEC section 2). */
export function ErrorScreen() {
  return (
    <div className={styles.errorScreen} role="alert">
      <h1>Oops, there is an error!</h1>
      <div className={styles.errorActions}>
        <button type="button" className={styles.primaryButton} onClick={() => window.location.reload()}>
          Try again?
        </button>
        <a href="/" className={styles.secondaryButton}>
          Go Home
        </a>
      </div>
    </div>
  );
}

/**
 * The shell's last line of defence: on a crash it reloads the page by itself, up to 3 times in a row
 * (counter in local storage), then shows the error screen. A page that stays up 3 s resets the counter.
 */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean; reloading: boolean }> {
  override state = { crashed: false, reloading: false };
  private resetTimer: ReturnType<typeof setTimeout> | undefined;

  /** A crash about to be reloaded shows nothing: the error screen is for when reloading has not helped. */
  static getDerivedStateFromError() {
    return { crashed: true, reloading: decideAfterCrash(readStored<number>('reloadCounter')).reload };
  }

  override componentDidMount() {
    this.resetTimer = setTimeout(() => writeStored('reloadCounter', 0), RELOAD_COUNTER_RESET_MS);
  }

  override componentWillUnmount() {
    clearTimeout(this.resetTimer);
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] crashed:', error, info.componentStack);
    clearTimeout(this.resetTimer);
    const decision = decideAfterCrash(readStored<number>('reloadCounter'));
    writeStored('reloadCounter', decision.counter);
    if (decision.reload) window.location.reload();
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    return this.state.reloading ? null : <ErrorScreen />;
  }
}

import { Link } from '@adire/router';
import styles from './backoffice.module.css';

export function NotFound() {
  return (
    <section className={styles.page}>
      <h1>Page not found</h1>
      <p>The back office has no such page.</p>
      <Link to="/">Back to the orders</Link>
    </section>
  );
}

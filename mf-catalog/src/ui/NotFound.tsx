import { DEFAULT_CATEGORY_SLUG } from '@adire/contracts';
import { Link } from '@adire/router';
import { usePageMeta } from '../pageMeta';
import { useServerDraw } from '../ssr/serverDraw';
import styles from './ui.module.css';

/** An unknown product, category or post: say so plainly and offer a way on. */
export function NotFound({ title, message }: { title: string; message: string }) {
  usePageMeta(title, message);
  const server = useServerDraw();
  if (server) server.meta.notFound = true; // the server answers 404
  return (
    <section className={styles.notFound} aria-labelledby="not-found-heading">
      <h1 id="not-found-heading" className={styles.title}>
        {title}
      </h1>
      <p>{message}</p>
      <p className={styles.notFoundLinks}>
        <Link to={`/product-category/${DEFAULT_CATEGORY_SLUG}`} className={styles.add}>
          Browse flowers and gifts
        </Link>
        <Link to="/">Go Home</Link>
      </p>
    </section>
  );
}

/** A call that failed for another reason than "not found". */
export function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className={styles.loadError}>
      <p>{message}</p>
      <button type="button" className={styles.add} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

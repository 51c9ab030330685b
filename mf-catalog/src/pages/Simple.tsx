import { useSearchParams } from 'react-router-dom';
import styles from '../catalog.module.css';

/** Pages the catalog issue fills in; each already answers on its route. */
export function SearchResults() {
  const [params] = useSearchParams();
  const search = params.get('search');
  const shopBy = params.get('shopBy');
  return (
    <section>
      <h1 className={styles.title}>{search ? `Search results for “${search}”` : shopBy ? `Shop by ${shopBy}` : 'All products'}</h1>
    </section>
  );
}

export function InfoPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}

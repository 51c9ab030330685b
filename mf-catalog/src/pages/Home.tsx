import { Link } from 'react-router-dom';
import { fetchCategories, fetchProducts } from '../api';
import styles from '../catalog.module.css';
import { ProductGrid } from '../ProductGrid';
import { useRemoteData } from '../useRemoteData';

export function Home() {
  const categories = useRemoteData('categories', fetchCategories);
  const featured = useRemoteData('featured', () => fetchProducts());
  return (
    <>
      <section aria-labelledby="featured-heading">
        <h1 id="featured-heading" className={styles.title}>
          Fresh flowers and gifts, delivered today in Lagos and Abuja
        </h1>
        {featured.status === 'ready' && <ProductGrid products={featured.data} />}
        {featured.status === 'error' && <p role="alert">{featured.message}</p>}
      </section>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Shop by category</h2>
        {categories.status === 'loading' && <p>Loading categories…</p>}
        {categories.status === 'error' && <p role="alert">{categories.message}</p>}
        {categories.status === 'ready' && (
          <ul className={styles.categories} aria-label="Categories">
            {categories.data.map((c) => (
              <li key={c.slug}>
                <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section id="contact" aria-label="Contact">
        <h2>Contact us</h2>
        <p>Call, WhatsApp or visit one of our branches — the details are at the foot of every page.</p>
      </section>
    </>
  );
}

import { useParams } from 'react-router-dom';
import { fetchCategories, fetchProducts } from '../api';
import styles from '../catalog.module.css';
import { ProductGrid } from '../ProductGrid';
import { useRemoteData } from '../useRemoteData';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const categories = useRemoteData('categories', fetchCategories);
  const products = useRemoteData(`products:${slug}`, () => fetchProducts(slug));
  const category = categories.status === 'ready' ? categories.data.find((c) => c.slug === slug) : undefined;
  if (categories.status === 'ready' && !category) {
    return (
      <section>
        <h1 className={styles.title}>Category not found</h1>
        <p>We have no category called “{slug}”.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="category-heading">
      <h1 id="category-heading" className={styles.title}>
        {category?.name ?? ' '}
      </h1>
      {products.status === 'loading' && <p>Loading products…</p>}
      {products.status === 'error' && <p role="alert">{products.message}</p>}
      {products.status === 'ready' && <ProductGrid products={products.data} />}
    </section>
  );
}

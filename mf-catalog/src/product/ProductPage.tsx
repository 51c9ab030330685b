import type { ProductDetail } from '@adire/contracts';
import { Link, useParams } from '@adire/router';
import { catalogApi } from '../api';
import { usePageMeta } from '../pageMeta';
import { useApi } from '../useApi';
import { LoadError, NotFound } from '../ui/NotFound';
import { ProductGrid } from '../ui/ProductGrid';
import { Bone, Loading, TextSkeleton } from '../ui/Skeleton';
import { Stars } from '../ui/Stars';
import ui from '../ui/ui.module.css';
import { BuyBox } from './BuyBox';
import { Gallery } from './Gallery';
import { Reviews } from './Reviews';
import { Share } from './Share';
import styles from './product.module.css';

export function ProductPage() {
  const { slug = '' } = useParams();
  const result = useApi(`product:${slug}`, catalogApi.product(slug));
  if (result.status === 'error' && result.httpStatus === 404) return <NotFound title="Product not found" message={result.message} />;
  if (result.status === 'error') return <LoadError message={result.message} retry={result.retry} />;
  if (result.status === 'loading') return <ProductSkeleton />;
  return <Product key={slug} product={result.data} />;
}

function Product({ product }: { product: ProductDetail }) {
  usePageMeta(product.name, product.description);
  // The breadcrumb goes through the product's own category, not the first occasion it is listed in.
  const category = product.categories.find((c) => c.slug === product.category) ?? product.categories[0];
  return (
    <article className={styles.page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {category && (
            <li>
              <Link to={`/product-category/${category.slug}`}>{category.name}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className={styles.top}>
        <Gallery product={product} />
        <div className={styles.info}>
          <h1 className={ui.title}>{product.name}</h1>
          <Stars rating={product.rating} />
          <p className={styles.description}>{product.description}</p>
          <BuyBox product={product} />
          <section className={styles.delivery} aria-labelledby="delivery-heading">
            <h2 id="delivery-heading">Delivery</h2>
            <p>{product.deliveryNote}</p>
          </section>
          <Share product={product} />
        </div>
      </div>
      <Reviews reviews={product.reviews} />
      {product.recommendations.length > 0 && (
        <section aria-labelledby="recommendations-heading" className={styles.recommendations}>
          <h2 id="recommendations-heading">You may also like</h2>
          <ProductGrid products={product.recommendations} label="Recommendations" fourUp />
        </section>
      )}
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className={styles.page}>
      <Loading what="the product" />
      <div className={styles.breadcrumb} aria-hidden="true">
        <Bone width="220px" />
      </div>
      <div className={styles.top} aria-hidden="true">
        <div className={styles.gallery}>
          <span className={`${styles.mainImage} ${ui.bone}`} />
        </div>
        <div className={styles.info}>
          <Bone height="2.2rem" width="80%" className={ui.title} />
          <TextSkeleton lines={4} />
          <Bone height="220px" />
        </div>
      </div>
    </div>
  );
}

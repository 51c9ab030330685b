import { Link } from '@adire/router';
import { usePageMeta } from '../pageMeta';
import { useCategories } from '../useCategories';
import { Bone } from '../ui/Skeleton';
import { UntilHydrated } from '../ui/UntilHydrated';
import { ContactSection } from './ContactSection';
import { LocationPicks } from './LocationPicks';
import { Showcase } from './Showcase';
import styles from './home.module.css';

const HEADLINE = 'Fresh flowers and gifts, delivered today in Lagos and Abuja';

function CategoryList() {
  const categories = useCategories();
  return (
    <section className={styles.section} aria-labelledby="categories-heading">
      <h2 id="categories-heading">Shop by category</h2>
      {categories ? (
        <ul className={styles.categories} aria-label="Categories">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.categories} aria-hidden="true">
          {Array.from({ length: 30 }, (_, i) => (
            <Bone key={i} width={`${90 + ((i * 37) % 80)}px`} height="38px" className={styles.pickerBone} />
          ))}
        </div>
      )}
    </section>
  );
}

export function Home() {
  usePageMeta(HEADLINE, 'Order roses, lilies, forever roses, cakes and gifts online from Adire Blooms: same-day delivery in Lagos and Abuja, pay in NGN, USD or GBP.');
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-heading">
        <h1 id="home-heading">{HEADLINE}</h1>
        <p>Hand-tied bouquets, forever roses, cakes and gifts, with same-day delivery or pickup from our branches.</p>
      </section>
      {/* The heading is outside: in a fieldset, Chromium counted its paint (the largest) only frames after the first. */}
      <UntilHydrated>
        <Showcase />
        <LocationPicks />
        <CategoryList />
        <ContactSection />
      </UntilHydrated>
    </>
  );
}

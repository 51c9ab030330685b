import { BRAND, type ProductSummary } from '@adire/contracts';
import { whatsAppDigits, whatsAppLink } from '@adire/domain/whatsapp';
import { Link } from '@adire/router';
import { catalogApi } from '../api';
import { useApi } from '../useApi';
import { useCategories } from '../useCategories';
import { ProductGrid } from '../ui/ProductGrid';
import styles from './listing.module.css';

/** What the shopper reads in WhatsApp's box, the search already typed in. */
export function askAboutSearch(search: string): string {
  return `Hello ${BRAND}, I searched your shop for "${search}" and could not find it. Can you help?`;
}

/**
 * A search that found nothing, even with its typos forgiven (issue 43, item 3): a clear sentence, the
 * shop's most popular products (the listing's `popular`), every category, and a WhatsApp link to ask
 * the shop with the search in the message (the shop's number from its contact, the one place it is
 * served). Drawn on the server like the rest of the listing.
 */
export function NoResults({ search, popular }: { search: string; popular: ProductSummary[] }) {
  const categories = useCategories();
  const contact = useApi('shop-contact', catalogApi.shopContact());
  const whatsapp = contact.status === 'ready' ? contact.data.whatsapp : null;
  return (
    <div className={styles.noResults}>
      <p className={styles.noResultsLead}>
        We found nothing for “{search}”. Check the spelling, try a simpler word such as roses, lilies or cake, or choose from
        what other shoppers love below.
      </p>
      {whatsapp && whatsAppDigits(whatsapp) && (
        <p>
          <a href={whatsAppLink(askAboutSearch(search), whatsapp)} target="_blank" rel="noopener noreferrer" className={styles.askLink}>
            Can't find it? Ask us on WhatsApp
          </a>
        </p>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="popular-heading">
          <h2 id="popular-heading" className={styles.noResultsHeading}>
            Popular right now
          </h2>
          <ProductGrid products={popular} label="Popular products" headingLevel={3} />
        </section>
      )}
      {categories && categories.length > 0 && (
        <nav aria-labelledby="categories-heading">
          <h2 id="categories-heading" className={styles.noResultsHeading}>
            Browse our categories
          </h2>
          <ul className={styles.categoryLinks}>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

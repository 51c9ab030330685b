import { useParams } from '@adire/router';
import { catalogApi } from '../api';
import { Listing } from '../listing/Listing';
import { useCategories } from '../useCategories';

export function CategoryPage() {
  const { slug = '' } = useParams();
  // The shell's menu already knows the category: its name and description show before the listing arrives.
  const fromMenu = useCategories()?.find((c) => c.slug === slug);
  const menuName = fromMenu?.name ?? '';
  return (
    <Listing
      key={slug}
      scope={`category:${slug}`}
      load={(query) => catalogApi.categoryListing(slug, query)}
      heading={(listing) => listing?.category?.name ?? menuName}
      description={(listing) => (listing ? (listing.category?.description ?? '') : (fromMenu?.description ?? null))}
      notFoundTitle="Category not found"
      emptyText="This category is empty right now. New flowers and gifts arrive every week."
    />
  );
}

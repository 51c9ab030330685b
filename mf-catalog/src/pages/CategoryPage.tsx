import { useParams } from 'react-router-dom';
import { catalogApi } from '../api';
import { Listing } from '../listing/Listing';
import { useCategories } from '../useCategories';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const menuName = useCategories()?.find((c) => c.slug === slug)?.name ?? '';
  return (
    <Listing
      key={slug}
      scope={`category:${slug}`}
      load={(query) => catalogApi.categoryListing(slug, query)}
      heading={(listing) => listing?.category?.name ?? menuName}
      notFoundTitle="Category not found"
      emptyText="This category is empty right now. New flowers and gifts arrive every week."
    />
  );
}

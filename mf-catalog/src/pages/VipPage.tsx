import { catalogApi } from '../api';
import { Listing } from '../listing/Listing';
import styles from '../content/content.module.css';

const VIP_PERKS = [
  'A senior florist builds and hand-delivers every VIP order.',
  'Premium stems only: Ecuadorian roses, Dutch lilies and orchids.',
  'A personal call to confirm delivery time and card message.',
];

/** /vip: the VIP collection, listed like a category. */
export function VipPage() {
  return (
    <Listing
      scope="vip"
      load={(query) => catalogApi.vipListing(query)}
      heading={(listing) => listing?.category?.name ?? 'VIP Collection'}
      notFoundTitle="VIP collection not found"
      emptyText="The VIP collection is being restocked. Please check back soon."
      intro={
        <ul className={styles.perks} aria-label="VIP perks">
          {VIP_PERKS.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      }
    />
  );
}

import { SHOP_BY_TAGS, type FilterGroupName } from '@adire/contracts';

/** Every tag group a product carries: the six filter groups of SPEC section 9, plus shopBy. */
export type TagGroup = FilterGroupName | 'shopBy';

export interface TagOption {
  value: string;
  label: string;
}

export interface TagGroupDefinition {
  group: TagGroup;
  label: string;
  options: readonly TagOption[];
}

/** Budget bands by the price of the default size (NGN), lowest first. */
export const BUDGET_BANDS = [
  { value: 'under-25000', label: 'Under ₦25,000', min: 0, max: 25_000 },
  { value: '25000-50000', label: '₦25,000 – ₦50,000', min: 25_000, max: 50_000 },
  { value: '50000-100000', label: '₦50,000 – ₦100,000', min: 50_000, max: 100_000 },
  { value: '100000-200000', label: '₦100,000 – ₦200,000', min: 100_000, max: 200_000 },
  { value: 'above-200000', label: 'Above ₦200,000', min: 200_000, max: Number.POSITIVE_INFINITY },
] as const;

export function budgetFor(priceNgn: number): string {
  return (BUDGET_BANDS.find((b) => priceNgn >= b.min && priceNgn < b.max) ?? BUDGET_BANDS[BUDGET_BANDS.length - 1]!).value;
}

/** The four designs (issue 4): a global table; each product lists which apply. */
export const DESIGNS = [
  { code: 'wrapped-bouquet', title: 'Wrapped bouquet', price: 0 },
  { code: 'in-vase', title: 'In vase', price: 15_000 },
  { code: 'in-large-vase', title: 'In large vase', price: 30_000 },
  { code: 'box', title: 'Box', price: 0 },
] as const;
export type DesignCode = (typeof DESIGNS)[number]['code'];

export const FLOWER_NAMES = [
  { value: 'roses', label: 'Roses' },
  { value: 'lilies', label: 'Lilies' },
  { value: 'chrysanthemums', label: 'Chrysanthemums' },
  { value: 'million-stars', label: 'Million stars' },
  { value: 'gerberas', label: 'Gerberas' },
  { value: 'carnations', label: 'Carnations' },
  { value: 'tulips', label: 'Tulips' },
  { value: 'sunflowers', label: 'Sunflowers' },
  { value: 'orchids', label: 'Orchids' },
  { value: 'hydrangeas', label: 'Hydrangeas' },
  { value: 'alstroemerias', label: 'Alstroemerias' },
  { value: 'calla-lilies', label: 'Calla lilies' },
] as const;
export type FlowerName = (typeof FLOWER_NAMES)[number]['value'];

/** Definition order is the order of the filter panel. */
export const TAG_GROUPS: readonly TagGroupDefinition[] = [
  { group: 'budget', label: 'Budget', options: BUDGET_BANDS.map(({ value, label }) => ({ value, label })) },
  {
    group: 'flowerType',
    label: 'Flower type',
    options: [
      { value: 'fresh', label: 'Fresh flowers' },
      { value: 'preserved', label: 'Forever (preserved) flowers' },
      { value: 'dried', label: 'Dried flowers' },
      { value: 'potted', label: 'Potted plants' },
    ],
  },
  { group: 'design', label: 'Design', options: DESIGNS.map((d) => ({ value: d.code, label: d.title })) },
  {
    group: 'packages',
    label: 'Packages',
    options: [
      { value: 'flowers-only', label: 'Flowers only' },
      { value: 'flowers-and-chocolates', label: 'Flowers & chocolates' },
      { value: 'flowers-and-cake', label: 'Flowers & cake' },
      { value: 'flowers-and-wine', label: 'Flowers & wine' },
      { value: 'flowers-and-teddy', label: 'Flowers & teddy' },
      { value: 'flowers-and-balloons', label: 'Flowers & balloons' },
      { value: 'gift-hamper', label: 'Gift hampers' },
      { value: 'gift-only', label: 'Gifts without flowers' },
    ],
  },
  {
    group: 'delivery',
    label: 'Delivery',
    options: [
      { value: 'same-day', label: 'Same-day delivery' },
      { value: 'next-day', label: 'Next-day delivery' },
      { value: 'nationwide', label: 'Nationwide delivery' },
    ],
  },
  { group: 'flowerName', label: 'Flower name', options: FLOWER_NAMES },
  { group: 'shopBy', label: 'Shop by', options: SHOP_BY_TAGS },
];

export const TAG_GROUP_NAMES: readonly TagGroup[] = TAG_GROUPS.map((g) => g.group);

const byGroup = new Map(TAG_GROUPS.map((g) => [g.group, g]));
export function tagGroup(group: TagGroup): TagGroupDefinition {
  return byGroup.get(group)!;
}

export function tagLabel(group: TagGroup, value: string): string {
  return tagGroup(group).options.find((o) => o.value === value)?.label ?? value;
}

export const VIP_LABELS = { gold: 'VIP Gold', platinum: 'VIP Platinum', diamond: 'VIP Diamond' } as const;

/** The VIP page is listed like a category. */
export const VIP_LISTING = {
  slug: 'vip',
  name: 'VIP Collection',
  description:
    'Our grandest arrangements and gift sets — hundred-rose displays, large-vase statements and champagne hampers, hand-delivered by a senior florist.',
} as const;

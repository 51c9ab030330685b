import type { Category, DeliveryConfig, ShopContact } from '@adire/contracts';

/** The 30 category slugs of SPEC section 2, with the names shoppers read and their menu group. */
export const CATEGORIES: Omit<Category, 'productCount'>[] = [
  { slug: 'flowers-for-love-birthday-anniversary-etc', name: 'Love, Birthday & Anniversary', group: 'occasions' },
  { slug: 'just-to-say-bouquets', name: 'Just to Say', group: 'occasions' },
  { slug: 'get-well-soon', name: 'Get Well Soon', group: 'occasions' },
  { slug: 'bridal-bouquets', name: 'Bridal Bouquets', group: 'occasions' },
  { slug: 'cascading-bridal-bouquets', name: 'Cascading Bridal Bouquets', group: 'occasions' },
  { slug: 'accessories-boutonnieres-bridesmaids-flowers-amp-corsages', name: 'Boutonnieres, Bridesmaids & Corsages', group: 'occasions' },
  { slug: 'funeral-and-condolence', name: 'Funeral & Condolence', group: 'occasions' },
  { slug: 'event-amp-centerpiece', name: 'Events & Centerpieces', group: 'occasions' },
  { slug: 'fathers-day-flowers', name: "Father's Day", group: 'occasions' },
  { slug: 'mothers-day-flowers', name: "Mother's Day", group: 'occasions' },
  { slug: 'valentines-day-flowers-and-gifts', name: "Valentine's Day", group: 'occasions' },
  { slug: 'indoor-plants-and-cactus', name: 'Indoor Plants & Cactus', group: 'plants' },
  { slug: 'all', name: 'All Flowers', group: 'flowers' },
  { slug: 'roses', name: 'Roses', group: 'flowers' },
  { slug: 'chrysanthemums', name: 'Chrysanthemums', group: 'flowers' },
  { slug: 'lilies', name: 'Lilies', group: 'flowers' },
  { slug: 'million-stars', name: 'Million Stars', group: 'flowers' },
  { slug: 'gerbera-flowers', name: 'Gerberas', group: 'flowers' },
  { slug: 'carnations', name: 'Carnations', group: 'flowers' },
  { slug: 'forever-roses-preserved-roses', name: 'Forever Roses', group: 'flowers' },
  { slug: 'packages-and-bundled-products', name: 'Packages & Bundles', group: 'gifts' },
  { slug: 'chocolate-and-biscuits', name: 'Chocolates & Biscuits', group: 'gifts' },
  { slug: 'cakes-and-cupcakes', name: 'Cakes & Cupcakes', group: 'gifts' },
  { slug: 'teddy-bears', name: 'Teddy Bears', group: 'gifts' },
  { slug: 'balloons', name: 'Balloons', group: 'gifts' },
  { slug: 'wine-and-champagne', name: 'Wine & Champagne', group: 'gifts' },
  { slug: 'perfumes-eau-de-toilette-cologne-and-parfums', name: 'Perfumes & Colognes', group: 'gifts' },
  { slug: 'gift-packs', name: 'Gift Packs', group: 'gifts' },
  { slug: 'scented-candles', name: 'Scented Candles', group: 'gifts' },
  { slug: 'gifts', name: 'All Gifts', group: 'gifts' },
];

/** A first handful of products; the catalog issue grows this into the full catalogue. */
export const PRODUCTS = [
  { slug: 'ruby-romance-red-roses', name: 'Ruby Romance Red Roses', price: 45000, category: 'roses', description: 'Twenty-four long-stemmed red roses hand-tied with eucalyptus and wrapped in blush paper.' },
  { slug: 'ikoyi-sunrise-gerberas', name: 'Ikoyi Sunrise Gerberas', price: 28000, category: 'gerbera-flowers', description: 'Orange and yellow gerberas with solidago, bright as a Lagos morning.' },
  { slug: 'white-grace-lilies', name: 'White Grace Lilies', price: 38000, category: 'lilies', description: 'Fragrant white oriental lilies with soft greenery, for sympathy or quiet congratulations.' },
  { slug: 'pink-whisper-carnations', name: 'Pink Whisper Carnations', price: 22000, category: 'carnations', description: 'A generous bunch of pink carnations with million stars, long-lasting and sweet.' },
  { slug: 'forever-red-rose-dome', name: 'Forever Red Rose Dome', price: 65000, category: 'forever-roses-preserved-roses', description: 'A preserved red rose under a glass dome that keeps its bloom for years.' },
  { slug: 'lekki-luxe-chocolate-box', name: 'Lekki Luxe Chocolate Box', price: 18500, category: 'chocolate-and-biscuits', description: 'Twenty assorted Belgian pralines in a keepsake box.' },
  { slug: 'cuddle-me-teddy', name: 'Cuddle Me Teddy', price: 15000, category: 'teddy-bears', description: 'A soft 40 cm cream teddy bear with a red satin bow.' },
  { slug: 'moet-imperial-brut', name: 'Moët Impérial Brut', price: 85000, category: 'wine-and-champagne', description: 'A chilled 75 cl bottle of Moët & Chandon Impérial Brut champagne.' },
] as const;

export const CURRENCY_RATES = [
  { name: 'NGN', conversion_rate: 1 },
  { name: 'USD', conversion_rate: 700 },
  { name: 'GBP', conversion_rate: 890 },
];

export const SITE_WIDE_ALERT =
  'Same-day delivery in Lagos and Abuja for orders placed before 9pm. Free delivery on orders above {{50000}}.';

export const BASE_DELIVERY: DeliveryConfig = {
  name: 'Standard delivery',
  description: 'Delivery fees by state and zone',
  type: 'base',
  infoTextConfigs: [{ text: 'Same-day delivery for orders placed before 9pm Lagos time.' }],
  minAmount: 50000,
  minAmountInfoText: 'Free delivery on orders above {{50000}}',
  stateDeliveryZones: [
    { state: 'lagos', zones: [{ name: 'Lagos Island', amount: 3000 }, { name: 'Lekki / Ajah', amount: 4500 }, { name: 'Mainland', amount: 5000 }] },
    { state: 'abuja', zones: [{ name: 'Central Abuja', amount: 4000 }, { name: 'Outskirts', amount: 6500 }] },
    { state: 'other-locations', zones: [{ name: 'Other states', amount: 12000 }] },
  ],
  active: true,
};

export const SHOP_CONTACT: ShopContact = {
  about:
    'Adire Blooms is a Lagos florist sending fresh flowers, cakes and thoughtful gifts across Nigeria, with same-day delivery in Lagos and Abuja and a team that answers day and night.',
  socialLinks: [
    { name: 'Instagram', url: 'https://instagram.com/adireblooms' },
    { name: 'Facebook', url: 'https://facebook.com/adireblooms' },
    { name: 'X', url: 'https://x.com/adireblooms' },
  ],
  phones: ['+234 803 555 0142', '+234 909 555 0178'],
  whatsapp: 'https://wa.me/2348035550142',
  supportEmail: 'hello@adireblooms.ng',
  bank: { bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', accountName: 'Adire Blooms Ltd' },
  paypalEmail: 'pay@adireblooms.ng',
  bitcoinAddress: 'bc1qadire0blooms0demo0address0xk4f9r2t7',
  branches: [
    { name: 'Lagos Head Office (Ikoyi)', url: 'https://maps.google.com/?q=Ikoyi+Lagos', workingTimes: 'Mon–Sat 8am–7pm', location: '12 Awolowo Road, Ikoyi, Lagos', pickupCode: 'Ikoyi LPI' },
    { name: 'Lekki', url: 'https://maps.google.com/?q=Lekki+Phase+1', workingTimes: '24/7', location: '5 Admiralty Way, Lekki Phase 1, Lagos', pickupCode: 'Lekki LPL' },
    { name: 'VI', url: 'https://maps.google.com/?q=Victoria+Island+Lagos', workingTimes: '8am–7pm', location: '22 Adeola Odeku Street, Victoria Island, Lagos' },
    { name: 'Airport', url: 'https://maps.google.com/?q=Murtala+Muhammed+Airport', workingTimes: '6am–7pm', location: 'Murtala Muhammed International Airport, Ikeja, Lagos' },
    { name: 'Abuja', url: 'https://maps.google.com/?q=Wuse+2+Abuja', workingTimes: '24/7', location: '14 Aminu Kano Crescent, Wuse 2, Abuja', pickupCode: 'Abuja APA' },
  ],
};

/** Busy days a Lagos florist prices differently: higher zone fees, a higher free-delivery threshold. */
function override(name: string, startDate: string, endDate: string, surcharge: number, minAmount: number, note: string): DeliveryConfig {
  return {
    ...BASE_DELIVERY,
    name,
    description: note,
    type: 'override',
    infoTextConfigs: [{ text: note }],
    minAmount,
    minAmountInfoText: `Free delivery on orders above {{${minAmount}}}`,
    stateDeliveryZones: BASE_DELIVERY.stateDeliveryZones.map((s) => ({ ...s, zones: s.zones.map((z) => ({ ...z, amount: z.amount + surcharge })) })),
    startDate,
    endDate,
  };
}

/** Override windows, by month-day; the seed places them in the coming year so they stay relevant. */
export function deliveryOverrides(year: number): DeliveryConfig[] {
  return [
    override("Valentine's Day", `${year}-02-13`, `${year}-02-15`, 3000, 150000, "Valentine's deliveries run 7am–10pm; order early, slots fill fast."),
    override("Mother's Day", `${year}-03-14`, `${year}-03-15`, 2000, 100000, "Mother's Day: delivery all weekend across Lagos and Abuja."),
    override('Christmas', `${year}-12-23`, `${year}-12-26`, 2500, 120000, 'Festive season: deliveries continue on Christmas Day and Boxing Day.'),
    override('New Year', `${year}-12-31`, `${year + 1}-01-01`, 2500, 120000, "New Year's Eve and Day: limited riders, order before noon."),
  ];
}

/**
 * Demo shoppers (documented in domains/account/README.md). Ada is a normal account; the legacy account was
 * imported from the older system with a salted-SHA-1 hash: its old password is only accepted to start
 * the upgrade (a one-time code by mail, then a new password), never to log in.
 */
export const DEMO_ACCOUNTS = [
  { email: 'ada@example.com', password: 'Bloom-2026!', name: 'Ada Obi', phone: '8031234567', phoneCountryCode: '+234', scheme: 'argon2id' },
  { email: 'legacy@adireblooms.ng', password: 'Roses-2019', name: 'Kemi Adeyemi', phone: '8097654321', phoneCountryCode: '+234', scheme: 'legacy-sha1' },
] as const;

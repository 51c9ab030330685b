/** Gift families named from lists: chocolates, cakes, teddies, balloons, drinks, perfumes, packs, candles, plants. */
import { between, chance, pick, type Rng } from './random';
import { FATHERS, JUST, LOVE, MOODS, MOTHERS, SIZES, VALENTINE, WELL } from './words';
import { article, capitalise, colourOf, type Draft, lower, type Maker, occasionsFor } from './drafts';

/** A maker for gifts named from a list, with qualifiers once the list runs out (large generated catalogues). */
export function listFamily(items: readonly string[], build: (r: Rng, name: string, i: number) => Omit<Draft, 'name'>, qualifiers: readonly string[]): Maker {
  return (r, i) => {
    const base = items[i % items.length]!;
    const round = Math.floor(i / items.length);
    const name = round === 0 ? base : `${base} ${qualifiers[(round - 1) % qualifiers.length]}`;
    return { name, ...build(r, base, i) };
  };
}

export const gift = (primary: string, occasions: [string, number][], r: Rng): Pick<Draft, 'primary' | 'occasions' | 'designs' | 'flowerNames' | 'packages'> => ({
  primary,
  occasions: occasionsFor(r, occasions),
  designs: [],
  flowerNames: [],
  packages: 'gift-only',
});

export const CHOCOLATES = [
  'Ferrero Rocher Gift Box', 'Lindt Lindor Assorted Truffles', 'Godiva Gold Ballotin', 'Toblerone Trio', 'Cadbury Dairy Milk Treat Box',
  'Guylian Seashells', "Butler's Irish Truffles", 'Patchi Luxury Tray', 'Adire Artisan Truffles', 'Belgian Praline Heart', 'Ferrero Raffaello Box',
  'Walkers Shortbread Tin', 'Danish Butter Cookies Tin', "McVitie's Digestives Gift Tin", 'Chocolate-Dipped Strawberries', 'Kinder Treats Box',
  'Maltesers Sharing Tub', 'Salted Caramel Brownie Box',
];
export const chocolates = listFamily(CHOCOLATES, (r, name) => {
  const biscuits = /Tin|Shortbread|Digestives/.test(name);
  return {
    description: biscuits ? `${name}: buttery biscuits in a keepsake tin, a treat to share over tea.` : `${name}: assorted chocolates in a gift box, sealed fresh and delivered cool.`,
    ...gift('chocolate-and-biscuits', [[LOVE, 0.5], [VALENTINE, 0.6], [FATHERS, 0.25], [MOTHERS, 0.25]], r),
    price: between(r, 9_000, 38_000),
    sizes: biscuits ? SIZES.single : SIZES.chocolate,
    delivery: ['same-day', 'nationwide'],
    art: biscuits ? { scene: 'giftbox', palette: ['#d4af37'], accent: pick(r, ['#2e3a87', '#b3123a', '#1c1c1c']) } : { scene: 'chocolate', palette: ['#5a3311', '#7b4a21', '#d9b48a', '#3b1f0c'], accent: pick(r, ['#6d0f2c', '#1c1c1c', '#d4af37', '#2e3a87', '#b3123a']) },
    keywords: ['chocolate', 'sweet', 'treat', biscuits ? 'biscuits' : 'truffles'],
    presentation: 'other',
  };
}, ['Gift Box', 'Duo', 'Party Tray', 'Hamper']);

export const FLAVOURS = ['Red Velvet', 'Chocolate Fudge', 'Vanilla Buttercream', 'Lemon Drizzle', 'Carrot & Walnut', 'Coconut Dream', 'Black Forest', 'Salted Caramel', 'Strawberry', 'Rainbow', 'Cookies & Cream', 'Zobo & Hibiscus', 'Banana Bread', 'Pineapple Upside-Down'];
export const CAKE_TYPES = ['Celebration Cake', 'Drip Cake', 'Layer Cake', 'Cupcakes', 'Bento Cake', 'Birthday Cake'];
export const ICING: Record<string, string[]> = {
  'Red Velvet': ['#f6efe0', '#a4133c', '#b3123a'], 'Chocolate Fudge': ['#5a3311', '#7b4a21', '#d4af37'], 'Vanilla Buttercream': ['#fbf1d9', '#f3e2c7', '#ec6f9d'],
  'Lemon Drizzle': ['#f9e79f', '#f3e2c7', '#f7c948'], 'Black Forest': ['#3b1f0c', '#5a3311', '#b3123a'], Strawberry: ['#f8c8d8', '#f3e2c7', '#d7263d'],
};
export const cakes: Maker = (r, i) => {
  const flavour = FLAVOURS[i % FLAVOURS.length]!;
  const type = CAKE_TYPES[Math.floor(i / FLAVOURS.length) % CAKE_TYPES.length]!;
  const round = Math.floor(i / (FLAVOURS.length * CAKE_TYPES.length));
  const name = `${flavour} ${type}${round ? ` ${['with Fresh Berries', 'with Gold Leaf', 'Tower'][(round - 1) % 3]}` : ''}`;
  const cup = type === 'Cupcakes';
  const icing = ICING[flavour] ?? [pick(r, ['#f8d7e3', '#fbf1d9', '#d9c8e8', '#c8e3f5']), '#f3e2c7', pick(r, ['#b3123a', '#d4af37', '#3b6fd8'])];
  return {
    name,
    description: cup ? `${flavour} cupcakes topped with whipped buttercream and sprinkles, baked fresh the morning of delivery.` : `${capitalise(article(`${lower(flavour)} ${lower(type)}`))} with ${pick(r, ['silky buttercream', 'cream-cheese frosting', 'chocolate ganache', 'whipped cream'])}, baked to order and finished with a piped message of your choice.`,
    ...gift('cakes-and-cupcakes', [[LOVE, 0.7], [MOTHERS, 0.3], [FATHERS, 0.2]], r),
    price: cup ? between(r, 14_000, 28_000) : between(r, 22_000, 60_000),
    sizes: cup ? SIZES.cupcakes : SIZES.cake,
    delivery: chance(r, 0.6) ? ['same-day'] : ['next-day'],
    art: cup ? { scene: 'cupcakes', palette: icing, accent: pick(r, ['#f4d3d8', '#c8e3f5', '#fbe7a1']) } : { scene: 'cake', palette: icing, accent: '#e9e4dc', variant: chance(r, 0.4) ? 'tall' : undefined, flowers: chance(r, 0.4) ? ['rose'] : [] },
    keywords: ['cake', 'birthday', 'dessert', lower(flavour)],
    presentation: 'other',
  };
};

export const TEDDY_NAMES = ['Bisi', 'Tobi', 'Ada', 'Chidi', 'Lola', 'Femi', 'Zara', 'Kemi', 'Bolu', 'Nonso', 'Amaka', 'Dayo', 'Ife', 'Obi', 'Sade', 'Musa'];
export const FUR: Record<string, string> = { Cream: '#efe0c4', Brown: '#9b6b43', White: '#f7f4ee', Pink: '#f4b6c8', Red: '#c0392b', Honey: '#d9a35b', Grey: '#b9b4ad' };
export const teddies: Maker = (r, i) => {
  const furName = pick(r, Object.keys(FUR));
  const template = i % 3;
  const tn = TEDDY_NAMES[Math.floor(i / 3) % TEDDY_NAMES.length]!;
  const name = template === 0 ? `${tn} the ${furName} Teddy` : template === 1 ? `${furName} Heart Teddy ${tn}` : `Giant ${furName} Teddy ${tn}`;
  return {
    name,
    description: `A soft, huggable ${lower(furName)} teddy bear${template === 1 ? ' holding a red satin heart' : ''}, with a ${pick(r, ['red', 'pink', 'navy', 'gold'])} ribbon bow. Choose the size from 40 cm up to a life-size 160 cm.`,
    ...gift('teddy-bears', [[LOVE, 0.5], [VALENTINE, 0.7], [WELL, 0.2]], r),
    price: template === 2 ? between(r, 35_000, 60_000) : between(r, 12_000, 25_000),
    sizes: template === 2 ? SIZES.teddy.slice(2).map((s, k) => ({ ...s, code: k === 0 ? '' : s.code, factor: k === 0 ? 1 : s.factor / SIZES.teddy[2]!.factor })) : SIZES.teddy,
    delivery: ['same-day', 'nationwide'],
    art: { scene: 'teddy', palette: [FUR[furName]!], accent: pick(r, ['#b3123a', '#ec6f9d', '#2e3a87', '#d4af37']), variant: template === 1 ? 'heart' : undefined },
    keywords: ['teddy', 'bear', 'plush', 'cuddly', 'soft toy'],
    presentation: 'other',
  };
};

export const MESSAGES = ['Happy Birthday', 'I Love You', 'Congratulations', 'Get Well Soon', "It's a Girl", "It's a Boy", 'Happy Anniversary', 'Welcome Home', "Happy Father's Day", "Happy Mother's Day", 'Thank You', 'Graduation'];
export const balloons: Maker = (r, i) => {
  const c = colourOf(r, ['red', 'pink', 'blue', 'yellow', 'rainbow', 'pastel', 'purple']);
  const msg = MESSAGES[i % MESSAGES.length]!;
  const round = Math.floor(i / MESSAGES.length);
  const name = round === 0 ? `${msg} Balloon Bouquet` : `${c.word} ${msg} ${['Confetti Balloons', 'Foil Balloons', 'Balloon Arch'][(round - 1) % 3]}`;
  const occ: [string, number][] = msg.includes('Love') || msg.includes('Anniversary') ? [[VALENTINE, 0.8], [LOVE, 1]] : msg.includes('Well') ? [[WELL, 1]] : msg.includes('Father') ? [[FATHERS, 1]] : msg.includes('Mother') ? [[MOTHERS, 1]] : [[LOVE, 0.5], [JUST, 0.3]];
  return {
    name,
    description: `Helium balloons with a "${msg}" foil centrepiece in ${lower(c.word)} colours, tied to a weight and floating for days.`,
    ...gift('balloons', occ, r),
    price: between(r, 9_000, 26_000),
    sizes: SIZES.balloons,
    delivery: ['same-day'],
    art: { scene: 'balloons', palette: c.hues, accent: pick(r, ['#d4af37', '#1c1c1c', '#f5f0e3']), variant: msg.includes('Love') || msg.includes('Anniversary') ? 'heart' : undefined },
    keywords: ['balloons', 'helium', 'party', ...msg.toLowerCase().split(' ')],
    presentation: 'other',
  };
};

export const DRINKS: { name: string; kind: 'champagne' | 'red' | 'white' | 'rose'; price: [number, number]; label: string }[] = [
  { name: 'Moët Rosé Impérial', kind: 'rose', price: [95_000, 110_000], label: '#f2a0a8' },
  { name: 'Moët Nectar Impérial', kind: 'champagne', price: [90_000, 105_000], label: '#f5f0e3' },
  { name: 'Veuve Clicquot Yellow Label Brut', kind: 'champagne', price: [95_000, 115_000], label: '#f2a007' },
  { name: 'Veuve Clicquot Rosé', kind: 'rose', price: [110_000, 125_000], label: '#f2a007' },
  { name: 'Laurent-Perrier La Cuvée', kind: 'champagne', price: [85_000, 100_000], label: '#f5f0e3' },
  { name: 'Laurent-Perrier Cuvée Rosé', kind: 'rose', price: [130_000, 150_000], label: '#f7d6e0' },
  { name: 'Taittinger Brut Réserve', kind: 'champagne', price: [90_000, 105_000], label: '#f5f0e3' },
  { name: 'Nicolas Feuillatte Brut Réserve', kind: 'champagne', price: [60_000, 75_000], label: '#1c1c1c' },
  { name: 'Dom Pérignon Vintage', kind: 'champagne', price: [420_000, 480_000], label: '#1c1c1c' },
  { name: 'Armand de Brignac Brut Gold', kind: 'champagne', price: [650_000, 720_000], label: '#d4af37' },
  { name: 'Casillero del Diablo Cabernet Sauvignon', kind: 'red', price: [14_000, 18_000], label: '#1c1c1c' },
  { name: '4th Street Sweet Red', kind: 'red', price: [9_000, 12_000], label: '#b3123a' },
  { name: 'Martini Asti Spumante', kind: 'white', price: [15_000, 19_000], label: '#2e3a87' },
  { name: 'Baron de Ley Rioja Reserva', kind: 'red', price: [24_000, 30_000], label: '#f5f0e3' },
  { name: 'Nederburg Cabernet Sauvignon', kind: 'red', price: [13_000, 16_000], label: '#f5f0e3' },
  { name: 'Whispering Angel Rosé', kind: 'rose', price: [38_000, 45_000], label: '#f5f0e3' },
  { name: 'Chamdor Sparkling Grape', kind: 'white', price: [6_000, 8_000], label: '#d4af37' },
  { name: 'Belaire Rosé', kind: 'rose', price: [45_000, 55_000], label: '#1c1c1c' },
  { name: 'Cloudy Bay Sauvignon Blanc', kind: 'white', price: [48_000, 58_000], label: '#f5f0e3' },
];
export const drinks = listFamily(DRINKS.map((d) => d.name), (r, name) => {
  const d = DRINKS.find((x) => x.name === name)!;
  const fizz = d.kind === 'champagne' || name.includes('Rosé Impérial') || name.includes('Clicquot Rosé') || name.includes('Cuvée Rosé') || name.includes('Belaire') || name.includes('Asti') || name.includes('Chamdor');
  return {
    description: `${name}${fizz ? ', chilled and gift-wrapped, with a ribbon and a card' : ', a crowd-pleasing bottle for dinners and celebrations, gift-wrapped with a card'}.${name.includes('Chamdor') ? ' Alcohol-free.' : ' Over-18s only.'}`,
    ...gift('wine-and-champagne', [[LOVE, 0.5], [VALENTINE, fizz ? 0.6 : 0.2], [FATHERS, 0.5]], r),
    price: between(r, ...d.price),
    sizes: fizz && d.price[0] > 50_000 ? SIZES.champagne : SIZES.wine,
    delivery: ['same-day', 'nationwide'],
    art: { scene: 'bottle', palette: [d.label], accent: d.label, variant: d.kind },
    keywords: ['wine', 'drinks', fizz ? 'champagne' : 'wine', fizz ? 'bubbly' : d.kind],
    presentation: 'other',
  };
}, ['& Two Flutes', 'Gift Box', 'in an Ice Bucket', 'Celebration Set']);

export const PERFUMES: { name: string; for: 'her' | 'him' | 'all'; liquid: string; cap: string }[] = [
  { name: 'Dior Sauvage Eau de Toilette', for: 'him', liquid: '#6f8fb3', cap: '#1c1c1c' },
  { name: 'Chanel Coco Mademoiselle Eau de Parfum', for: 'her', liquid: '#f3c5a8', cap: '#1c1c1c' },
  { name: 'Gucci Bloom Eau de Parfum', for: 'her', liquid: '#f6c1c9', cap: '#f5f0e3' },
  { name: 'Tom Ford Oud Wood', for: 'all', liquid: '#7b4a21', cap: '#1c1c1c' },
  { name: 'YSL Libre Eau de Parfum', for: 'her', liquid: '#f7d78a', cap: '#d4af37' },
  { name: 'Armani Acqua di Giò', for: 'him', liquid: '#c8e3f5', cap: '#b9b4ad' },
  { name: 'Paco Rabanne 1 Million', for: 'him', liquid: '#f2c14e', cap: '#d4af37' },
  { name: 'Lancôme La Vie est Belle', for: 'her', liquid: '#f4b6c8', cap: '#1c1c1c' },
  { name: 'Versace Eros', for: 'him', liquid: '#3bb3a5', cap: '#d4af37' },
  { name: 'Carolina Herrera Good Girl', for: 'her', liquid: '#1f2a5a', cap: '#d4af37' },
  { name: 'Hugo Boss Bottled', for: 'him', liquid: '#e3c08a', cap: '#b9b4ad' },
  { name: 'Jo Malone Peony & Blush Suede Cologne', for: 'her', liquid: '#f6d5e0', cap: '#1c1c1c' },
  { name: 'Creed Aventus', for: 'him', liquid: '#e7e2d5', cap: '#1c1c1c' },
  { name: 'Marc Jacobs Daisy', for: 'her', liquid: '#f9e79f', cap: '#f5f0e3' },
  { name: 'Bleu de Chanel Eau de Parfum', for: 'him', liquid: '#1f3a6a', cap: '#1c1c1c' },
  { name: 'Viktor & Rolf Flowerbomb', for: 'her', liquid: '#f4b6c8', cap: '#f4b6c8' },
];
export const perfumes = listFamily(PERFUMES.map((p) => p.name), (r, name) => {
  const p = PERFUMES.find((x) => x.name === name)!;
  return {
    description: `${name}, sealed in its box and gift-wrapped, with a card. ${p.for === 'him' ? 'A signature scent for him.' : p.for === 'her' ? 'A signature scent for her.' : 'A rich scent for anyone.'}`,
    ...gift('perfumes-eau-de-toilette-cologne-and-parfums', p.for === 'him' ? [[FATHERS, 0.8], [LOVE, 0.4]] : [[MOTHERS, 0.6], [VALENTINE, 0.6], [LOVE, 0.5]], r),
    price: between(r, 55_000, 210_000, 1000),
    sizes: SIZES.perfume,
    delivery: ['same-day', 'nationwide'],
    art: { scene: 'perfume', palette: [p.liquid], accent: p.cap },
    keywords: ['perfume', 'fragrance', 'scent', p.for === 'him' ? 'cologne' : 'parfum', p.for === 'him' ? 'him' : 'her'],
    presentation: 'other',
  };
}, ['Gift Set', 'with Body Lotion', 'Travel Set', 'Duo']);

export const PACK_TYPES = ['Pamper Pack', 'Spa Box', 'Treat Box', 'Gift Hamper', 'Self-care Box', 'Grooming Kit', 'Tea Hamper', 'Movie Night Box', 'New Baby Box', 'Office Treats Box'];
export const giftPacks: Maker = (r) => {
  const type = pick(r, PACK_TYPES);
  const mood = pick(r, MOODS);
  return {
    name: `${mood} ${type}`,
    description: `${type === 'Grooming Kit' ? 'Beard oil, a cologne miniature, a leather wallet card and a chocolate bar' : type === 'New Baby Box' ? 'A cotton baby blanket, a soft rabbit, baby lotion and a card for the new parents' : type === 'Tea Hamper' ? 'English breakfast tea, shortbread, honey and a mug' : 'A scented candle, body butter, a silk eye mask and chocolates'}, packed in a keepsake box with tissue and ribbon.`,
    ...gift('gift-packs', [[LOVE, 0.3], [MOTHERS, type === 'Grooming Kit' ? 0 : 0.5], [FATHERS, type === 'Grooming Kit' ? 0.9 : 0.1], [WELL, 0.3], [JUST, 0.2]], r),
    packages: 'gift-hamper',
    price: between(r, 28_000, 95_000),
    sizes: SIZES.bundle,
    delivery: ['same-day', 'nationwide'],
    art: type.includes('Hamper') ? { scene: 'hamper', palette: ['#f4d3d8'], accent: '#b08a5a', extras: ['chocolate'] } : { scene: 'giftbox', palette: [pick(r, ['#d4af37', '#b3123a', '#f5f0e3', '#ec6f9d'])], accent: pick(r, ['#2e3a87', '#1c1c1c', '#f4d3d8', '#b7c9a8', '#6d0f2c']) },
    keywords: ['gift', 'hamper', 'pamper', 'box', type.toLowerCase()],
    presentation: 'other',
  };
};

export const SCENTS = ['Oud & Amber', 'Vanilla Bean', 'Lavender Fields', 'Fig & Cassis', 'Sea Salt & Orchid', 'Baobab Blossom', 'Shea & Coconut', 'Peony Blush', 'Sandalwood & Cedar', 'Lemongrass & Ginger', 'Jasmine Night', 'Rose Oud', 'Black Pomegranate', 'Tuberose', 'Frangipani', 'Hibiscus & Zobo'];
export const CONTAINERS = ['Scented Candle', 'Three-Wick Candle', 'Candle Tin', 'Glass Jar Candle', 'Candle Duo'];
export const WAX: Record<string, string> = { 'Oud & Amber': '#e3c08a', 'Vanilla Bean': '#f6efe0', 'Lavender Fields': '#d9c8e8', 'Peony Blush': '#f6c1c9', 'Black Pomegranate': '#6d0f2c', 'Sea Salt & Orchid': '#c8e3f5' };
export const candles: Maker = (r, i) => {
  const scent = SCENTS[i % SCENTS.length]!;
  const container = CONTAINERS[Math.floor(i / SCENTS.length) % CONTAINERS.length]!;
  const round = Math.floor(i / (SCENTS.length * CONTAINERS.length));
  return {
    name: `${scent} ${container}${round ? ` ${['Gift Set', 'Large', 'Refill'][(round - 1) % 3]}` : ''}`,
    description: `Hand-poured soy wax scented with ${lower(scent)}, burning cleanly for about ${pick(r, [35, 45, 60])} hours. Made in Lagos.`,
    ...gift('scented-candles', [[VALENTINE, 0.5], [MOTHERS, 0.5], [LOVE, 0.3], [JUST, 0.2]], r),
    price: between(r, 9_000, 32_000),
    sizes: SIZES.candle,
    delivery: ['same-day', 'nationwide'],
    art: { scene: 'candle', palette: [WAX[scent] ?? pick(r, ['#f6efe0', '#fbe7a1', '#e8d8c4'])], accent: pick(r, ['#2e3a87', '#1c1c1c', '#b08a5a', '#6d0f2c', '#b7c9a8', '#f4d3d8']) },
    keywords: ['candle', 'scented', 'home', 'fragrance', ...scent.toLowerCase().split(/ & | /)],
    presentation: 'other',
  };
};

export const PLANTS: { name: string; variant: string; green: string; flower?: string }[] = [
  { name: 'Snake Plant', variant: 'snake', green: '#3f7d4a' },
  { name: 'Peace Lily', variant: 'peace-lily', green: '#2f6b3a' },
  { name: 'ZZ Plant', variant: 'leafy', green: '#2f6b3a' },
  { name: 'Monstera Deliciosa', variant: 'monstera', green: '#2f6b3a' },
  { name: 'Fiddle Leaf Fig', variant: 'leafy', green: '#3f7d4a' },
  { name: 'Golden Pothos', variant: 'leafy', green: '#7fae3e' },
  { name: 'Aloe Vera', variant: 'succulent', green: '#7fa88a' },
  { name: 'Money Plant', variant: 'leafy', green: '#5d8c57' },
  { name: 'Phalaenopsis Orchid Plant', variant: 'orchid', green: '#3f6b3f', flower: '#f3e6f5' },
  { name: 'Bonsai Ficus', variant: 'leafy', green: '#4f7d4a' },
  { name: 'Areca Palm', variant: 'leafy', green: '#6a9a4a' },
  { name: 'Rubber Plant', variant: 'leafy', green: '#24452c' },
  { name: 'Jade Plant', variant: 'succulent', green: '#5b8c5a' },
  { name: 'Chinese Evergreen', variant: 'leafy', green: '#6f9a6a' },
  { name: 'Golden Barrel Cactus', variant: 'cactus', green: '#5d8c57' },
  { name: 'Bunny Ear Cactus', variant: 'cactus', green: '#7fae3e' },
  { name: 'Mini Succulent Trio', variant: 'succulent', green: '#8fb996' },
  { name: 'Echeveria Rosette', variant: 'succulent', green: '#9cc3b0' },
];
export const POTS: Record<string, string> = { Terracotta: '#c0643c', 'White Ceramic': '#f1eee4', 'Woven Basket': '#b08a5a', Concrete: '#9a9a96', 'Indigo Adire': '#2e3a87' };
export const plants = listFamily(PLANTS.map((p) => p.name), (r, name) => {
  const p = PLANTS.find((x) => x.name === name)!;
  const pot = pick(r, Object.keys(POTS));
  return {
    description: `A healthy ${lower(name)} in a ${lower(pot)} pot, ${p.variant === 'cactus' || p.variant === 'succulent' ? 'happy with a sunny window and a little water every fortnight' : 'easy to care for in bright, indirect light'}. Comes with a care card.`,
    primary: 'indoor-plants-and-cactus',
    occasions: occasionsFor(r, [[WELL, 0.4], [FATHERS, 0.3], [JUST, 0.2]]),
    designs: [],
    flowerNames: p.variant === 'orchid' ? ['orchids'] : [],
    packages: 'gift-only',
    flowerType: 'potted',
    price: between(r, 12_000, 75_000),
    sizes: SIZES.plant,
    delivery: ['same-day'],
    art: { scene: 'plant', palette: [p.green, p.flower ?? '#f3e6f5'], accent: POTS[pot]!, variant: p.variant },
    keywords: ['plant', 'indoor', 'houseplant', 'green', p.variant === 'cactus' ? 'cactus' : 'pot', 'office'],
    presentation: 'other',
  };
}, ['in a Woven Basket', 'in Terracotta', 'Floor Size', 'Desk Size']);

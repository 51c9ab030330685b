/** Product families and how each one drafts a product: names, prices, tags and the art the pictures are drawn from. */
import { createHash } from 'node:crypto';
import type { ArtSpec, Extra, FlowerShape } from '../image';
import { seededRandom } from '../recommend';
import { budgetFor, type DesignCode, type FlowerName } from '../vocabulary';
import { PRODUCTS } from '../../../db/seed-data';
import { between, chance, pick, productId, type Rng, slugify } from './random';
import { type ColourKey, COLOURS, EVENT, FATHERS, FUNERAL, GREENERY, JUST, LOVE, MOODS, MOTHERS, PAPER_HUES, PAPERS, PLACES, S, SHAPE, type SizeDef, SIZES, VALENTINE, WELL, WORD_COUNT } from './words';

// ---------------------------------------------------------------- drafts
export type Delivery = 'same-day' | 'next-day' | 'nationwide';
export type FlowerType = 'fresh' | 'preserved' | 'dried' | 'potted';
export type Package = 'flowers-only' | 'flowers-and-chocolates' | 'flowers-and-cake' | 'flowers-and-wine' | 'flowers-and-teddy' | 'flowers-and-balloons' | 'gift-hamper' | 'gift-only';

export interface Draft {
  name: string;
  description: string;
  primary: string;
  occasions: string[];
  price: number;
  sizes: SizeDef[];
  designs: DesignCode[];
  flowerType?: FlowerType;
  flowerNames: FlowerName[];
  packages: Package;
  delivery: Delivery[];
  art: Omit<ArtSpec, 'seed'>;
  keywords: string[];
  /** 'box' and 'wrapped' presentations feed shopBy. */
  presentation: 'wrapped' | 'box' | 'vase' | 'other';
}

export type Maker = (r: Rng, i: number) => Draft;

export function occasionsFor(r: Rng, options: [string, number][]): string[] {
  return options.filter(([, p]) => chance(r, p)).map(([slug]) => slug);
}

export function colourOf(r: Rng, keys: ColourKey[]): { key: ColourKey; word: string; hues: string[] } {
  const key = pick(r, keys);
  return { key, word: pick(r, COLOURS[key].words), hues: COLOURS[key].hues };
}

export const lower = (s: string) => s.toLowerCase();
/** 'a velvet box', 'an ivory rose', 'an acrylic box'. */
export const article = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
export const flowerWords = (names: readonly string[]) => names.map((f) => f.replace('-', ' ')).join(' and ');
export const capitalise = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

export const CLOSERS = [
  'A romantic way to say what words cannot.',
  'Hand-finished in our Lagos studio on the morning of delivery.',
  'Conditioned overnight so the blooms open beautifully in the days after delivery.',
  'Arrives with a handwritten card carrying your message.',
  'Bright, cheerful and made to last a week in fresh water.',
  'A thoughtful surprise for birthdays, anniversaries or just because.',
  'Our florists pick each stem by hand at the Lagos flower market.',
];

/** Fresh single-flower families: roses, lilies, chrysanthemums, million stars, gerberas, carnations. */
export function freshFamily(opts: {
  flower: FlowerName;
  plural: string;
  singular: string;
  primary: string;
  colours: ColourKey[];
  types?: string[];
  priceRange: [number, number];
  sizes: SizeDef[];
  occasions: (colour: ColourKey) => [string, number][];
  keywords: string[];
  companions?: FlowerName[];
}): Maker {
  return (r) => {
    const c = colourOf(r, opts.colours);
    const template = Math.floor(r() * 4);
    const form: Draft['presentation'] = template === 2 ? pick(r, ['box', 'vase', 'wrapped'] as const) : 'wrapped';
    const type = opts.types ? pick(r, opts.types) : '';
    let name: string;
    if (template === 0) name = `${pick(r, MOODS)} ${c.word} ${opts.plural}`;
    else if (template === 1) name = `${pick(r, PLACES)} ${pick(r, MOODS)} ${opts.plural}`;
    else if (template === 2) name = `${c.word} ${opts.singular} ${form === 'box' ? pick(r, ['Hatbox', 'Box', 'Heart Box']) : form === 'vase' ? pick(r, ['Vase', 'Vase Arrangement']) : pick(r, ['Posy', 'Bouquet', 'Bunch', 'Hand-tied'])}`;
    else name = type ? `${c.word} ${type} ${opts.plural}` : `${pick(r, PLACES)} ${c.word} ${opts.plural}`;

    const companion = opts.companions && chance(r, 0.4) ? pick(r, opts.companions) : undefined;
    const greenery = pick(r, GREENERY);
    const paper = pick(r, PAPERS);
    const sizes = form === 'box' ? SIZES.box : form === 'vase' ? SIZES.vase : opts.sizes;
    const defaultSize = sizes.find((s) => s.code === '')!;
    const count = /^\d+/.exec(defaultSize.label)?.[0];
    const amount = count ? `${WORD_COUNT[Number(count)] ?? count} ` : 'A generous bunch of ';
    const typed = template === 3 && type !== '';
    const what = `${lower(c.word)} ${typed ? `${lower(type)} ` : ''}${lower(opts.plural)}`;
    const withCompanion = companion ? ` and ${companion.replace('-', ' ')}` : '';
    const description =
      form === 'box'
        ? `${count ? `${WORD_COUNT[Number(count)] ?? count} ` : ''}${what.charAt(0).toUpperCase()}${what.slice(1)}${withCompanion} packed into a keepsake ${pick(r, ['round hatbox', 'velvet box', 'heart-shaped box'])} with ${greenery}. ${pick(r, CLOSERS)}`
        : form === 'vase'
          ? `${what.charAt(0).toUpperCase()}${what.slice(1)}${withCompanion} with ${greenery}, arranged by hand in a clear glass vase. ${pick(r, CLOSERS)}`
          : `${amount}${what}${withCompanion} hand-tied with ${greenery} and wrapped in ${paper}. ${pick(r, CLOSERS)}`;
    const flowers: FlowerShape[] = [SHAPE[opts.flower], ...(companion ? [SHAPE[companion]] : [])];
    const boxHue = pick(r, ['#1c1c1c', '#f4d3d8', '#f5f0e3', '#2e3a87', '#6d0f2c', '#b7c9a8']);
    return {
      name,
      description,
      primary: opts.primary,
      occasions: occasionsFor(r, opts.occasions(c.key)),
      price: between(r, ...opts.priceRange),
      sizes,
      designs: form === 'box' ? ['box'] : form === 'vase' ? ['in-vase', 'in-large-vase'] : ['wrapped-bouquet', 'in-vase', 'in-large-vase'],
      flowerType: 'fresh',
      flowerNames: [opts.flower, ...(companion ? [companion] : [])],
      packages: 'flowers-only',
      delivery: ['same-day'],
      art: {
        scene: form === 'box' ? 'box' : form === 'vase' ? 'vase' : 'bouquet',
        palette: c.hues,
        accent: form === 'box' ? boxHue : PAPER_HUES[paper]!,
        flowers,
        variant: form === 'box' && / Heart /.test(`${name} `) ? 'heart' : undefined,
      },
      keywords: [...opts.keywords, c.key, ...(c.key === 'red' ? ['valentine', 'romantic'] : [])],
      presentation: form,
    };
  };
}

export const roses = freshFamily({
  flower: 'roses', plural: 'Roses', singular: 'Rose', primary: 'roses',
  colours: ['red', 'red', 'pink', 'blush', 'white', 'ivory', 'yellow', 'peach', 'orange', 'lilac', 'burgundy', 'blue', 'rainbow', 'pastel'],
  priceRange: [30_000, 62_000], sizes: SIZES.stems,
  occasions: (c) => [[LOVE, 0.75], [VALENTINE, c === 'red' || c === 'burgundy' ? 0.95 : 0.3], [MOTHERS, c === 'pink' || c === 'blush' || c === 'peach' ? 0.7 : 0.1], [JUST, 0.25], [EVENT, 0.05]],
  keywords: ['love', 'anniversary', 'birthday', 'her', 'rose'], companions: ['million-stars', 'million-stars', 'lilies'],
});
export const lilies = freshFamily({
  flower: 'lilies', plural: 'Lilies', singular: 'Lily', primary: 'lilies', types: ['Oriental', 'Asiatic', 'Stargazer', 'Casablanca'],
  colours: ['white', 'white', 'pink', 'yellow', 'orange', 'peach', 'pastel'], priceRange: [28_000, 55_000], sizes: SIZES.bouquet,
  occasions: (c) => [[MOTHERS, 0.45], [FUNERAL, c === 'white' ? 0.8 : 0.05], [WELL, 0.35], [JUST, 0.3], [LOVE, 0.3]],
  keywords: ['sympathy', 'mum', 'fragrant'], companions: ['roses', 'alstroemerias'],
});
export const chrysanthemums = freshFamily({
  flower: 'chrysanthemums', plural: 'Chrysanthemums', singular: 'Chrysanthemum', primary: 'chrysanthemums', types: ['Pompom', 'Spider', 'Santini', 'Disbud'],
  colours: ['white', 'yellow', 'green', 'pink', 'purple', 'orange', 'rainbow'], priceRange: [18_000, 38_000], sizes: SIZES.bouquet,
  occasions: (c) => [[FUNERAL, c === 'white' || c === 'yellow' ? 0.6 : 0.05], [WELL, 0.45], [JUST, 0.4], [FATHERS, 0.2]],
  keywords: ['mums', 'cheerful', 'long-lasting'], companions: ['million-stars', 'gerberas'],
});
export const millionStars = freshFamily({
  flower: 'million-stars', plural: 'Million Stars', singular: 'Million Stars', primary: 'million-stars',
  colours: ['white', 'white', 'blue', 'pink', 'rainbow', 'lilac', 'pastel'], priceRange: [16_000, 36_000], sizes: SIZES.bouquet,
  occasions: () => [[LOVE, 0.4], [JUST, 0.5], [MOTHERS, 0.2], ['accessories-boutonnieres-bridesmaids-flowers-amp-corsages', 0.1]],
  keywords: ['gypsophila', 'babys breath', 'cloud'], companions: ['roses'],
});
export const gerberas = freshFamily({
  flower: 'gerberas', plural: 'Gerberas', singular: 'Gerbera', primary: 'gerbera-flowers',
  colours: ['orange', 'yellow', 'pink', 'red', 'peach', 'white', 'rainbow'], priceRange: [16_000, 36_000], sizes: SIZES.bouquet,
  occasions: () => [[WELL, 0.6], [JUST, 0.5], [LOVE, 0.35], [FATHERS, 0.15]],
  keywords: ['daisy', 'cheerful', 'birthday'], companions: ['chrysanthemums', 'million-stars', 'sunflowers'],
});
export const carnations = freshFamily({
  flower: 'carnations', plural: 'Carnations', singular: 'Carnation', primary: 'carnations',
  colours: ['pink', 'red', 'white', 'peach', 'purple', 'burgundy', 'rainbow'], priceRange: [15_000, 32_000], sizes: SIZES.stems,
  occasions: (c) => [[MOTHERS, c === 'pink' ? 0.8 : 0.35], [JUST, 0.45], [LOVE, 0.35], [FUNERAL, c === 'white' ? 0.5 : 0]],
  keywords: ['mum', 'long-lasting', 'sweet'], companions: ['million-stars', 'roses'],
});

export const MIXES: { flowers: FlowerName[]; title: string }[] = [
  { flowers: ['roses', 'lilies'], title: 'Rose & Lily' },
  { flowers: ['sunflowers', 'gerberas'], title: 'Sunflower & Gerbera' },
  { flowers: ['sunflowers', 'roses'], title: 'Sunflower & Rose' },
  { flowers: ['tulips'], title: 'Tulip' },
  { flowers: ['tulips', 'roses'], title: 'Tulip & Rose' },
  { flowers: ['orchids'], title: 'Orchid' },
  { flowers: ['hydrangeas', 'roses'], title: 'Hydrangea & Rose' },
  { flowers: ['alstroemerias', 'carnations'], title: 'Alstroemeria' },
  { flowers: ['calla-lilies', 'roses'], title: 'Calla Lily' },
  { flowers: ['sunflowers'], title: 'Sunflower' },
  { flowers: ['roses', 'carnations', 'million-stars'], title: 'Garden' },
  { flowers: ['hydrangeas'], title: 'Hydrangea' },
];
export const mixed: Maker = (r) => {
  const mix = pick(r, MIXES);
  const c = colourOf(r, ['pink', 'blush', 'white', 'yellow', 'peach', 'lilac', 'pastel', 'rainbow', 'red', 'orange']);
  const template = Math.floor(r() * 3);
  const vase = chance(r, 0.25);
  const name =
    template === 0 ? `${pick(r, PLACES)} ${pick(r, MOODS)} Bouquet`
      : template === 1 ? `${pick(r, MOODS)} ${mix.title} ${vase ? 'Vase' : 'Bouquet'}`
        : `${c.word} ${mix.title} ${vase ? 'Vase Arrangement' : pick(r, ['Posy', 'Bouquet', 'Hand-tied'])}`;
  const names = mix.flowers.map((f) => f.replace('-', ' '));
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  const paper = pick(r, PAPERS);
  const primary = pick(r, [LOVE, LOVE, JUST, JUST, WELL]);
  return {
    name,
    description: `${list.charAt(0).toUpperCase()}${list.slice(1)} in ${lower(c.word)} tones with ${pick(r, GREENERY)}, ${vase ? 'arranged in a clear glass vase' : `hand-tied and wrapped in ${paper}`}. ${pick(r, CLOSERS)}`,
    primary,
    occasions: occasionsFor(r, [[LOVE, 0.4], [JUST, 0.4], [WELL, mix.flowers.includes('sunflowers') ? 0.7 : 0.25], [MOTHERS, 0.3], [FATHERS, mix.flowers.includes('sunflowers') ? 0.4 : 0.05], [EVENT, vase ? 0.3 : 0]]),
    price: between(r, 24_000, 65_000),
    sizes: vase ? SIZES.vase : SIZES.bouquet,
    designs: vase ? ['in-vase', 'in-large-vase'] : ['wrapped-bouquet', 'in-vase', 'in-large-vase'],
    flowerType: 'fresh',
    flowerNames: mix.flowers,
    packages: 'flowers-only',
    delivery: ['same-day'],
    art: { scene: vase ? 'vase' : 'bouquet', palette: mix.flowers.includes('sunflowers') ? ['#f7c21b', ...c.hues] : c.hues, accent: PAPER_HUES[paper]!, flowers: mix.flowers.map((f) => SHAPE[f]) },
    keywords: ['mixed', 'seasonal', c.key],
    presentation: vase ? 'vase' : 'wrapped',
  };
};

export const forever: Maker = (r) => {
  const c = colourOf(r, ['red', 'red', 'pink', 'blush', 'white', 'blue', 'purple', 'burgundy', 'rainbow', 'peach']);
  const kind = Math.floor(r() * 3);
  const boxForm = pick(r, ['Hatbox', 'Heart Box', 'Velvet Box', 'Acrylic Box']);
  const name = kind === 0 ? `Forever ${c.word} Rose Dome` : kind === 1 ? `Eternal ${c.word} Roses ${boxForm}` : `${pick(r, MOODS)} Preserved Rose ${boxForm}`;
  const isDome = kind === 0;
  return {
    name,
    description: isDome
      ? `A preserved ${lower(c.word)} rose under a glass dome on a walnut base; it keeps its bloom for up to three years with no water. ${pick(r, ['A keepsake for anniversaries.', 'Comes gift-boxed with a card.', 'Lovely on a bedside table or office desk.'])}`
      : `Real roses, preserved to stay soft and ${lower(c.word)} for years, set in ${article(lower(boxForm))}. No water, no wilting. ${pick(r, CLOSERS)}`,
    primary: 'forever-roses-preserved-roses',
    occasions: occasionsFor(r, [[VALENTINE, 0.8], [LOVE, 0.6], [MOTHERS, 0.3]]),
    price: isDome ? between(r, 35_000, 90_000) : between(r, 45_000, 120_000),
    sizes: isDome ? SIZES.single : SIZES.forever,
    designs: isDome ? [] : ['box'],
    flowerType: 'preserved',
    flowerNames: ['roses'],
    packages: 'flowers-only',
    delivery: ['same-day', 'nationwide'],
    art: isDome
      ? { scene: 'dome', palette: c.hues, accent: '#8a5d3e', flowers: ['rose'], variant: chance(r, 0.3) ? 'trio' : undefined }
      : { scene: 'box', palette: c.hues, accent: pick(r, ['#1c1c1c', '#f4d3d8', '#6d0f2c', '#f5f0e3']), flowers: ['rose'], variant: boxForm === 'Heart Box' ? 'heart' : undefined },
    keywords: ['preserved', 'eternal', 'infinity', 'long-lasting', 'keepsake', c.key],
    presentation: isDome ? 'other' : 'box',
  };
};

export const dried: Maker = (r) => {
  const name = `${pick(r, MOODS)} Dried ${pick(r, ['Pampas Bouquet', 'Flower Posy', 'Bunny Tail Bunch', 'Lavender & Pampas Bouquet'])}`;
  return {
    name,
    description: `Pampas grass, bunny tails and dried lavender in warm neutral tones, tied with jute. It lasts for months and never needs water.`,
    primary: JUST,
    occasions: occasionsFor(r, [[LOVE, 0.3], [JUST, 1]]),
    price: between(r, 18_000, 42_000),
    sizes: SIZES.bouquet,
    designs: ['wrapped-bouquet', 'in-vase'],
    flowerType: 'dried',
    flowerNames: [],
    packages: 'flowers-only',
    delivery: ['same-day', 'nationwide'],
    art: { scene: 'dried', palette: ['#eadcc2', '#d9c3a0'], accent: '#c8a27a' },
    keywords: ['pampas', 'boho', 'neutral', 'everlasting'],
    presentation: 'wrapped',
  };
};

export const bridal: Maker = (r) => {
  const c = colourOf(r, ['white', 'ivory', 'blush', 'peach', 'red', 'lilac', 'burgundy']);
  const flowers = pick(r, [['roses', 'million-stars'], ['calla-lilies'], ['roses', 'orchids'], ['hydrangeas', 'roses'], ['roses']] as FlowerName[][]);
  const name = chance(r, 0.5) ? `${pick(r, MOODS)} ${c.word} Bridal Bouquet` : `${pick(r, PLACES)} Bride ${pick(r, ['Posy', 'Bouquet'])}`;
  return {
    name,
    description: `${capitalise(article(lower(c.word)))} bridal bouquet of ${flowerWords(flowers)}, with a satin-wrapped handle and pearl pins. Made to order; we confirm colours with you before the day.`,
    primary: 'bridal-bouquets',
    occasions: occasionsFor(r, [[EVENT, 0.2]]),
    price: between(r, 45_000, 120_000),
    sizes: SIZES.single,
    designs: [],
    flowerType: 'fresh',
    flowerNames: flowers,
    packages: 'flowers-only',
    delivery: ['next-day'],
    art: { scene: 'bouquet', palette: c.hues, accent: '#f5f0e3', flowers: flowers.map((f) => SHAPE[f]) },
    keywords: ['wedding', 'bride', 'bridal'],
    presentation: 'other',
  };
};

export const cascading: Maker = (r) => {
  const c = colourOf(r, ['white', 'ivory', 'blush', 'red', 'peach']);
  const flowers = pick(r, [['orchids', 'roses'], ['roses', 'million-stars'], ['calla-lilies', 'orchids']] as FlowerName[][]);
  return {
    name: chance(r, 0.5) ? `${pick(r, MOODS)} Cascading Bridal Bouquet` : `${c.word} ${flowers[0] === 'orchids' ? 'Orchid' : flowers[0] === 'calla-lilies' ? 'Calla' : 'Rose'} Cascade`,
    description: `A trailing waterfall bouquet of ${lower(c.word)} ${flowerWords(flowers)} with ivy and ruscus, about 60 cm long. Made to order for the wedding morning.`,
    primary: 'cascading-bridal-bouquets',
    occasions: occasionsFor(r, [['bridal-bouquets', 0.5]]),
    price: between(r, 85_000, 180_000),
    sizes: SIZES.single,
    designs: [],
    flowerType: 'fresh',
    flowerNames: flowers,
    packages: 'flowers-only',
    delivery: ['next-day'],
    art: { scene: 'cascade', palette: c.hues, accent: '#f5f0e3', flowers: flowers.map((f) => SHAPE[f]) },
    keywords: ['wedding', 'bride', 'trailing', 'waterfall'],
    presentation: 'other',
  };
};

export const accessories: Maker = (r) => {
  const c = colourOf(r, ['white', 'ivory', 'blush', 'red', 'peach', 'lilac', 'burgundy']);
  const kind = pick(r, ['Rose Boutonniere', 'Wrist Corsage', 'Bridesmaid Posy', 'Flower Girl Pomander', 'Orchid Corsage', 'Buttonhole']);
  const flower: FlowerName = kind.includes('Orchid') ? 'orchids' : kind === 'Flower Girl Pomander' ? 'carnations' : 'roses';
  return {
    name: `${c.word} ${kind}`,
    description: `${capitalise(article(`${lower(c.word)} ${lower(kind)}`))} with ${flower === 'orchids' ? 'a cymbidium orchid' : 'fresh blooms'}, million stars and a satin finish, made to match the bridal bouquet.`,
    primary: 'accessories-boutonnieres-bridesmaids-flowers-amp-corsages',
    occasions: occasionsFor(r, [['bridal-bouquets', 0.3]]),
    price: between(r, 8_000, 26_000),
    sizes: SIZES.set,
    designs: [],
    flowerType: 'fresh',
    flowerNames: [flower, 'million-stars'],
    packages: 'flowers-only',
    delivery: ['next-day'],
    art: kind.includes('Posy') || kind.includes('Pomander') ? { scene: 'bouquet', palette: c.hues, accent: '#f5f0e3', flowers: [SHAPE[flower], 'millionstar'] } : { scene: 'boutonniere', palette: c.hues, accent: '#f5f0e3', flowers: [SHAPE[flower]] },
    keywords: ['wedding', 'groom', 'bridesmaid', 'prom', 'corsage'],
    presentation: 'other',
  };
};

export const funeral: Maker = (r) => {
  const c = colourOf(r, ['white', 'white', 'ivory', 'lilac', 'yellow', 'pastel']);
  const flowers = pick(r, [['lilies', 'chrysanthemums'], ['roses', 'carnations'], ['lilies', 'roses'], ['chrysanthemums']] as FlowerName[][]);
  const kind = pick(r, ['Sympathy Wreath', 'Condolence Standing Spray', 'Casket Spray', 'Tribute Wreath', 'Heart Tribute']);
  const mood = pick(r, ['Peace', 'Solace', 'Serenity', 'Remembrance', 'Eternal Rest', 'Tranquil', 'Grace', 'Hope', 'Gentle']);
  return {
    name: chance(r, 0.5) ? `${mood} ${c.word} ${kind}` : `${c.word} ${flowers[0] === 'lilies' ? 'Lily' : flowers[0] === 'roses' ? 'Rose' : 'Chrysanthemum'} ${kind}`,
    description: `${capitalise(article(lower(kind)))} of ${lower(c.word)} ${flowerWords(flowers)} with soft greenery, delivered to the home, church or service. A card carries your words of comfort.`,
    primary: FUNERAL,
    occasions: [],
    price: between(r, 40_000, 140_000),
    sizes: SIZES.funeral,
    designs: [],
    flowerType: 'fresh',
    flowerNames: flowers,
    packages: 'flowers-only',
    delivery: ['same-day', 'next-day'],
    art: kind.includes('Wreath') || kind.includes('Heart') ? { scene: 'wreath', palette: c.hues, accent: '#f5f0e3', flowers: flowers.map((f) => SHAPE[f]) } : { scene: 'cascade', palette: c.hues, accent: '#f5f0e3', flowers: flowers.map((f) => SHAPE[f]) },
    keywords: ['sympathy', 'funeral', 'condolence', 'burial', 'memorial'],
    presentation: 'other',
  };
};

export const events: Maker = (r) => {
  const c = colourOf(r, ['white', 'ivory', 'red', 'blush', 'peach', 'purple', 'burgundy', 'yellow']);
  const kind = pick(r, ['Table Centerpiece', 'Low Rose Centerpiece', 'Stage Arrangement', 'Pedestal Arrangement', 'Long Table Garland', 'Candle Centerpiece']);
  const flowers = pick(r, [['roses', 'hydrangeas'], ['roses', 'million-stars'], ['orchids', 'roses'], ['lilies', 'roses']] as FlowerName[][]);
  return {
    name: chance(r, 0.5) ? `${pick(r, PLACES)} ${c.word} ${kind}` : `${pick(r, MOODS)} ${kind}`,
    description: `${c.word} ${flowerWords(flowers)} for receptions, dinners and launches, set ${kind.includes('Garland') ? 'along the table' : 'in a low trough with taper candles'}. Priced per table; we set up on site in Lagos and Abuja.`,
    primary: EVENT,
    occasions: occasionsFor(r, [['bridal-bouquets', 0.15]]),
    price: between(r, 35_000, 95_000),
    sizes: SIZES.event,
    designs: [],
    flowerType: 'fresh',
    flowerNames: flowers,
    packages: 'flowers-only',
    delivery: ['next-day'],
    art: { scene: 'centerpiece', palette: c.hues, accent: pick(r, ['#d4af37', '#f5f0e3', '#1c1c1c']), flowers: flowers.map((f) => SHAPE[f]) },
    keywords: ['event', 'wedding', 'reception', 'decor', 'corporate'],
    presentation: 'other',
  };
};

export const EXTRAS: { extra: Extra; title: string[]; pkg: Package; words: string }[] = [
  { extra: 'teddy', title: ['Teddy', 'Cuddly Teddy'], pkg: 'flowers-and-teddy', words: 'a soft 40 cm teddy bear' },
  { extra: 'bottle', title: ['Moët', 'Champagne', 'Sparkling Wine'], pkg: 'flowers-and-wine', words: 'a chilled bottle of champagne' },
  { extra: 'chocolate', title: ['Ferrero Rocher', 'Chocolates', 'Belgian Truffles'], pkg: 'flowers-and-chocolates', words: 'a box of assorted chocolates' },
  { extra: 'cake', title: ['Red Velvet Cake', 'Celebration Cake', 'Cupcakes'], pkg: 'flowers-and-cake', words: 'a freshly baked celebration cake' },
  { extra: 'balloons', title: ['Heart Balloons', 'Balloons', 'Birthday Balloons'], pkg: 'flowers-and-balloons', words: 'a bunch of helium balloons' },
];
export const bundles: Maker = (r) => {
  const e = pick(r, EXTRAS);
  const c = colourOf(r, ['red', 'red', 'pink', 'blush', 'white', 'peach', 'rainbow']);
  const template = Math.floor(r() * 3);
  const title = pick(r, e.title);
  const name = template === 0 ? `${c.word} Roses & ${title}` : template === 1 ? `${pick(r, MOODS)} ${pick(r, ['Love', 'Birthday', 'Celebration', 'Surprise', 'Treat'])} Bundle` : `${pick(r, PLACES)} Roses & ${title} Package`;
  const paper = pick(r, PAPERS);
  return {
    name,
    description: `${WORD_COUNT[24]} ${lower(c.word)} roses wrapped in ${paper}, paired with ${e.words}. One delivery, one happy surprise.`,
    primary: 'packages-and-bundled-products',
    occasions: occasionsFor(r, [[LOVE, 0.7], [VALENTINE, c.key === 'red' ? 0.9 : 0.3], [MOTHERS, 0.25], [FATHERS, e.extra === 'bottle' ? 0.3 : 0]]),
    price: between(r, 45_000, 140_000),
    sizes: SIZES.bundle,
    designs: ['wrapped-bouquet', 'in-vase', 'box'],
    flowerType: 'fresh',
    flowerNames: ['roses'],
    packages: e.pkg,
    delivery: ['same-day'],
    art: { scene: 'bundle', palette: c.hues, accent: PAPER_HUES[paper]!, flowers: ['rose', 'millionstar'], extras: [e.extra] },
    keywords: ['bundle', 'combo', 'package', 'gift', e.extra],
    presentation: 'wrapped',
  };
};

export const luxury: Maker = (r) => {
  const c = colourOf(r, ['red', 'red', 'white', 'blush', 'burgundy', 'pink']);
  const kind = Math.floor(r() * 4);
  const name =
    kind === 0 ? `${pick(r, MOODS)} Grand ${c.word} Rose Display`
      : kind === 1 ? `The ${pick(r, PLACES)} Hundred-Rose Box`
        : kind === 2 ? `${c.word} Rose & Orchid Statement Vase`
          : `${pick(r, MOODS)} Luxury Love Hamper`;
  const hamper = kind === 3;
  return {
    name,
    description: hamper
      ? `Fifty ${lower(c.word)} roses with a bottle of Moët & Chandon, Godiva chocolates and a scented candle, presented in a woven hamper and hand-delivered by a senior florist.`
      : kind === 2
        ? `${c.word} roses and white phalaenopsis orchids in a tall crystal vase, over a metre high: a statement for a lobby, a proposal or a landmark birthday.`
        : `${kind === 1 ? 'One hundred' : 'Two hundred'} ${lower(c.word)} roses set edge to edge in a ${kind === 1 ? 'velvet hatbox' : 'grand display box'}, hand-delivered by a senior florist.`,
    primary: hamper ? 'gift-packs' : 'roses',
    occasions: occasionsFor(r, [[LOVE, 0.9], [VALENTINE, 0.8], [EVENT, kind === 2 ? 0.6 : 0]]),
    price: hamper ? between(r, 220_000, 420_000, 1000) : between(r, 180_000, 650_000, 1000),
    sizes: SIZES.single,
    designs: kind === 2 ? ['in-large-vase'] : hamper ? [] : ['box'],
    flowerType: 'fresh',
    flowerNames: kind === 2 ? ['roses', 'orchids'] : ['roses'],
    packages: hamper ? 'gift-hamper' : 'flowers-only',
    delivery: ['same-day'],
    art: hamper
      ? { scene: 'hamper', palette: c.hues, accent: '#b08a5a', flowers: ['rose'], extras: ['bottle', 'chocolate'] }
      : kind === 2
        ? { scene: 'vase', palette: [...c.hues, '#fbfaf5'], accent: '#e6f2f5', flowers: ['rose', 'orchid'] }
        : { scene: 'box', palette: c.hues, accent: pick(r, ['#1c1c1c', '#6d0f2c', '#d4af37']), flowers: ['rose'] },
    keywords: ['luxury', 'vip', 'grand', 'proposal', 'premium'],
    presentation: hamper ? 'other' : kind === 2 ? 'vase' : 'box',
  };
};

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

// ---------------------------------------------------------------- families and their share
export interface Family { key: string; count: number; make: Maker }
/** Counts of the seed (sum ≈ 290); a bigger catalogue scales them. */
export const FAMILIES: Family[] = [
  { key: 'roses', count: 30, make: roses },
  { key: 'lilies', count: 15, make: lilies },
  { key: 'chrysanthemums', count: 12, make: chrysanthemums },
  { key: 'million-stars', count: 10, make: millionStars },
  { key: 'gerberas', count: 12, make: gerberas },
  { key: 'carnations', count: 12, make: carnations },
  { key: 'mixed', count: 20, make: mixed },
  { key: 'forever', count: 14, make: forever },
  { key: 'dried', count: 5, make: dried },
  { key: 'bridal', count: 8, make: bridal },
  { key: 'cascading', count: 5, make: cascading },
  { key: 'accessories', count: 8, make: accessories },
  { key: 'funeral', count: 10, make: funeral },
  { key: 'events', count: 8, make: events },
  { key: 'bundles', count: 16, make: bundles },
  { key: 'luxury', count: 10, make: luxury },
  { key: 'chocolates', count: 12, make: chocolates },
  { key: 'cakes', count: 12, make: cakes },
  { key: 'teddies', count: 10, make: teddies },
  { key: 'balloons', count: 10, make: balloons },
  { key: 'drinks', count: 14, make: drinks },
  { key: 'perfumes', count: 12, make: perfumes },
  { key: 'gift-packs', count: 8, make: giftPacks },
  { key: 'candles', count: 10, make: candles },
  { key: 'plants', count: 14, make: plants },
];

/** The eight foundation products keep their slug, name, price, category and SKU (AB-1001…). */
export const ORIGINALS: Record<string, { family: string; colour: ColourKey; draft: (r: Rng) => Partial<Draft> }> = {
  'ruby-romance-red-roses': { family: 'roses', colour: 'red', draft: () => ({ sizes: SIZES.stems, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [LOVE, VALENTINE], flowerNames: ['roses'], art: { scene: 'bouquet', palette: COLOURS.red.hues, accent: '#f4d3d8', flowers: ['rose', 'rose', 'rose'] } }) },
  'ikoyi-sunrise-gerberas': { family: 'gerberas', colour: 'orange', draft: () => ({ sizes: SIZES.bouquet, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [WELL, JUST], flowerNames: ['gerberas'], art: { scene: 'bouquet', palette: ['#f28c28', '#f7c948', '#e06c00'], accent: '#c8a27a', flowers: ['gerbera'] } }) },
  'white-grace-lilies': { family: 'lilies', colour: 'white', draft: () => ({ sizes: SIZES.bouquet, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [FUNERAL, MOTHERS], flowerNames: ['lilies'], art: { scene: 'bouquet', palette: COLOURS.white.hues, accent: '#b7c9a8', flowers: ['lily'] } }) },
  'pink-whisper-carnations': { family: 'carnations', colour: 'pink', draft: () => ({ sizes: SIZES.stems, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [MOTHERS, JUST], flowerNames: ['carnations', 'million-stars'], art: { scene: 'bouquet', palette: COLOURS.pink.hues, accent: '#f4d3d8', flowers: ['carnation', 'millionstar'] } }) },
  'forever-red-rose-dome': { family: 'forever', colour: 'red', draft: () => ({ sizes: SIZES.single, designs: [], presentation: 'other', occasions: [VALENTINE, LOVE], flowerNames: ['roses'], art: { scene: 'dome', palette: COLOURS.red.hues, accent: '#8a5d3e', flowers: ['rose'] } }) },
  'lekki-luxe-chocolate-box': { family: 'chocolates', colour: 'burgundy', draft: () => ({ sizes: [S('20 pieces', '', 1), S('40 pieces', '40', 1.9)], designs: [], presentation: 'other', occasions: [LOVE, VALENTINE], flowerNames: [], art: { scene: 'chocolate', palette: ['#5a3311', '#7b4a21', '#d9b48a', '#3b1f0c'], accent: '#6d0f2c' } }) },
  'cuddle-me-teddy': { family: 'teddies', colour: 'ivory', draft: () => ({ sizes: SIZES.teddy, designs: [], presentation: 'other', occasions: [VALENTINE, LOVE], flowerNames: [], art: { scene: 'teddy', palette: ['#efe0c4'], accent: '#b3123a' } }) },
  'moet-imperial-brut': { family: 'drinks', colour: 'ivory', draft: () => ({ sizes: SIZES.champagne, designs: [], presentation: 'other', occasions: [LOVE, VALENTINE, FATHERS], flowerNames: [], art: { scene: 'bottle', palette: ['#f5f0e3'], accent: '#f5f0e3', variant: 'champagne' } }) },
};

// ---------------------------------------------------------------- output
export interface SeedSize { sku: string; label: string; price: number; isDefault: boolean; position: number }
export interface SeedTag { group: 'budget' | 'flowerType' | 'design' | 'packages' | 'delivery' | 'flowerName' | 'shopBy'; value: string }

export interface SeedProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  category: string;
  categories: string[];
  relevanceOrder: number;
  inStock: boolean;
  vipClass: 'gold' | 'platinum' | 'diamond' | null;
  keywords: string;
  art: ArtSpec;
  images: { path: string; alt: string }[];
  sizes: SeedSize[];
  designs: DesignCode[];
  tags: SeedTag[];
  position: number;
}

export interface SeedReview { id: string; productId: string; rating: number; comment: string; author: string; createdAt: string }
export interface SeedFeaturedList { id: string; kind: 'occasion' | 'location'; key: string; section: string; title: string; position: number; productIds: string[] }

export const roundPrice = (p: number) => Math.max(500, Math.round(p / 500) * 500);

export function vipFor(price: number): SeedProduct['vipClass'] {
  if (price >= 500_000) return 'diamond';
  if (price >= 300_000) return 'platinum';
  if (price >= 150_000) return 'gold';
  return null;
}

export function finish(d: Draft, slug: string, sku: string, position: number, r: Rng, original: boolean): SeedProduct {
  const sizes: SeedSize[] = d.sizes.map((s, i) => ({
    sku: s.code ? `${sku}-${s.code}` : sku,
    label: s.label,
    price: s.code ? roundPrice(d.price * s.factor) : d.price,
    isDefault: !s.code,
    position: i,
  }));
  const tags: SeedTag[] = [{ group: 'budget', value: budgetFor(d.price) }];
  if (d.flowerType) tags.push({ group: 'flowerType', value: d.flowerType });
  for (const code of d.designs) tags.push({ group: 'design', value: code });
  tags.push({ group: 'packages', value: d.packages });
  for (const v of d.delivery) tags.push({ group: 'delivery', value: v });
  for (const f of new Set(d.flowerNames)) tags.push({ group: 'flowerName', value: f });
  const wrapped = d.presentation === 'wrapped' || d.designs[0] === 'wrapped-bouquet';
  const boxed = d.presentation === 'box' || d.designs.includes('box');
  if (wrapped) tags.push({ group: 'shopBy', value: 'wrapped-bouquet' });
  if (boxed) tags.push({ group: 'shopBy', value: 'box-arrangements' });
  if (!wrapped && !boxed) tags.push({ group: 'shopBy', value: 'others' });
  if (d.flowerType === 'fresh') tags.push({ group: 'shopBy', value: 'fresh-flowers' });
  if (d.delivery.includes('same-day')) tags.push({ group: 'shopBy', value: 'same-day-delivery' });

  const categories = new Set([d.primary, ...d.occasions]);
  if (d.flowerType === 'fresh' || d.flowerType === 'preserved' || d.flowerType === 'dried') categories.add('all');
  if (d.packages !== 'flowers-only') categories.add('gifts');
  const seed = parseInt(createHash('sha1').update(slug).digest('hex').slice(0, 8), 16);
  const id = productId(slug);
  return {
    id,
    slug,
    sku,
    name: d.name,
    description: d.description,
    price: d.price,
    category: d.primary,
    categories: [...categories],
    relevanceOrder: original ? 0 : pick(r, [0, 1, 1, 1, 2, 2, 2, 3, 3, 4]),
    inStock: original || !chance(r, 0.07),
    vipClass: vipFor(d.price),
    keywords: [...new Set(d.keywords)].join(' '),
    art: { ...d.art, seed },
    images: [
      { path: `/media/products/${slug}.svg`, alt: d.name },
      { path: `/media/products/${slug}--detail.svg`, alt: `${d.name}, close-up` },
    ],
    sizes,
    designs: d.designs,
    tags,
    position,
  };
}

/** Scale the family counts to `total` (largest remainders), or the seed's own counts. */
export function familyCounts(total?: number): number[] {
  const base = FAMILIES.map((f) => f.count);
  if (total === undefined) return base;
  const sum = base.reduce((a, b) => a + b, 0);
  const exact = base.map((c) => (c * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return counts;
}

/**
 * The products: the eight originals first, then every family in turn. Names are unique; when a
 * family's vocabulary runs dry (only in catalogues far bigger than the seed) a place name is added.
 */
export function generateProducts(options: { products?: number; seed?: number } = {}): SeedProduct[] {
  const r = seededRandom(options.seed ?? 20240214);
  const counts = familyCounts(options.products);
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const out: SeedProduct[] = [];
  let skuNumber = 1001;

  const originalsByFamily = new Map<string, number>();
  for (const [i, p] of PRODUCTS.entries()) {
    const o = ORIGINALS[p.slug]!;
    const family = FAMILIES.find((f) => f.key === o.family)!;
    const generated = family.make(seededRandom(i + 1), 0);
    const draft: Draft = {
      ...generated,
      ...o.draft(r),
      name: p.name,
      description: p.description,
      primary: p.category,
      price: p.price,
    } as Draft;
    if (o.family === 'forever') draft.delivery = ['same-day', 'nationwide'];
    usedNames.add(p.name.toLowerCase());
    usedSlugs.add(p.slug);
    out.push(finish(draft, p.slug, `AB-${skuNumber++}`, out.length, r, true));
    originalsByFamily.set(o.family, (originalsByFamily.get(o.family) ?? 0) + 1);
  }

  for (const [fi, family] of FAMILIES.entries()) {
    const want = Math.max(0, counts[fi]! - (originalsByFamily.get(family.key) ?? 0));
    let made = 0;
    let attempt = 0;
    while (made < want) {
      let draft = family.make(r, attempt);
      attempt++;
      let slug = slugify(draft.name);
      if (usedNames.has(draft.name.toLowerCase()) || usedSlugs.has(slug)) {
        if (attempt < want * 8 + 40) continue;
        // Vocabulary exhausted: only reached by large generated catalogues, never by the seed.
        const place = PLACES[attempt % PLACES.length]!;
        draft = { ...draft, name: `${draft.name} (${place} ${Math.floor(attempt / PLACES.length) + 1})` };
        slug = slugify(draft.name);
        if (usedSlugs.has(slug)) continue;
      }
      usedNames.add(draft.name.toLowerCase());
      usedSlugs.add(slug);
      out.push(finish(draft, slug, `AB-${skuNumber++}`, out.length, r, false));
      made++;
    }
  }
  return out;
}


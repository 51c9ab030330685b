/** Flower families: fresh single flowers and mixes. */
import type { FlowerName, FlowerShape } from '../../src/domains/catalog';
import { between, chance, pick } from './random';
import { type ColourKey, EVENT, FATHERS, FUNERAL, GREENERY, JUST, LOVE, MOODS, MOTHERS, PAPER_HUES, PAPERS, PLACES, SHAPE, type SizeDef, SIZES, VALENTINE, WELL, WORD_COUNT } from './words';
import { CLOSERS, colourOf, type Draft, lower, type Maker, occasionsFor } from './drafts';

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

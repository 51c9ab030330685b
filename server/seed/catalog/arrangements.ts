/** Arranged, preserved and occasion families: forever roses, dried, bridal, funeral, events, bundles, luxury. */
import type { Extra, FlowerName } from '../../src/domains/catalog';
import { between, chance, pick } from './random';
import { EVENT, FATHERS, FUNERAL, JUST, LOVE, MOODS, MOTHERS, PAPER_HUES, PAPERS, PLACES, SHAPE, SIZES, VALENTINE, WORD_COUNT } from './words';
import { article, capitalise, CLOSERS, colourOf, flowerWords, lower, type Maker, type Package, occasionsFor } from './drafts';

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

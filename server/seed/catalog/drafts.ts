/** A product's draft (what every family maker returns) and the small word helpers the makers share. */
import type { ArtSpec, DesignCode, FlowerName } from '../../src/domains/catalog';
import { chance, pick, type Rng } from './random';
import { type ColourKey, COLOURS, type SizeDef } from './words';

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

/** The generator's vocabularies: colours, moods, places, greenery, papers, category slugs and sizes. */
import type { FlowerName, FlowerShape } from '../../src/domains/catalog';

// ---------------------------------------------------------------- vocabularies
export type ColourKey =
  | 'red' | 'pink' | 'blush' | 'white' | 'ivory' | 'yellow' | 'orange' | 'peach' | 'lilac' | 'purple' | 'burgundy' | 'blue' | 'green' | 'rainbow' | 'pastel';

export const COLOURS: Record<ColourKey, { words: string[]; hues: string[] }> = {
  red: { words: ['Red', 'Crimson', 'Scarlet', 'Ruby', 'Cherry'], hues: ['#b3123a', '#d7263d', '#8e0e2b'] },
  pink: { words: ['Pink', 'Rose Pink', 'Fuchsia', 'Flamingo'], hues: ['#ec6f9d', '#f48fb1', '#d94a86'] },
  blush: { words: ['Blush', 'Powder Pink', 'Pastel Pink'], hues: ['#f6c1c9', '#f9d5da', '#eaa7b3'] },
  white: { words: ['White', 'Snow', 'Pearl'], hues: ['#fbfaf5', '#f1eee4', '#ffffff'] },
  ivory: { words: ['Ivory', 'Cream'], hues: ['#f6efd9', '#efe3c2', '#fbf5e6'] },
  yellow: { words: ['Yellow', 'Sunshine', 'Lemon', 'Golden'], hues: ['#f7c948', '#f9dc5c', '#e8a317'] },
  orange: { words: ['Orange', 'Tangerine', 'Amber', 'Marigold'], hues: ['#f28c28', '#f5a35c', '#e06c00'] },
  peach: { words: ['Peach', 'Apricot', 'Coral'], hues: ['#f7a582', '#fbc4a6', '#f08a5d'] },
  lilac: { words: ['Lilac', 'Lavender', 'Mauve'], hues: ['#c8a2c8', '#b19cd9', '#dcc6ec'] },
  purple: { words: ['Purple', 'Violet', 'Plum'], hues: ['#6a2c91', '#8e44ad', '#a56cc1'] },
  burgundy: { words: ['Burgundy', 'Merlot', 'Wine-red'], hues: ['#6d0f2c', '#800f2f', '#a4133c'] },
  blue: { words: ['Blue', 'Sapphire', 'Indigo'], hues: ['#2e3a87', '#3b6fd8', '#7fa7f0'] },
  green: { words: ['Green', 'Lime', 'Jade'], hues: ['#9acd32', '#b5d96a', '#6fa83a'] },
  rainbow: { words: ['Rainbow', 'Carnival', 'Kaleidoscope'], hues: ['#d7263d', '#f7c948', '#3b6fd8', '#ec6f9d', '#f28c28'] },
  pastel: { words: ['Pastel', 'Sorbet', 'Candy'], hues: ['#f6c1c9', '#c8e3f5', '#fbe7a1', '#d9c8e8'] },
};

export const MOODS = [
  'Romance', 'Whisper', 'Grace', 'Devotion', 'Serenade', 'Embrace', 'Sunrise', 'Sunset', 'Harmony', 'Radiance',
  'Promise', 'Reverie', 'Delight', 'Bliss', 'Cherish', 'Tenderness', 'Jubilee', 'Elegance', 'Splendour', 'Charm',
  'Daydream', 'Melody', 'Velvet', 'Silk', 'Amour', 'Heartbeat', 'Glow', 'Passion', 'Joy', 'Hope', 'Lullaby',
  'Twilight', 'Moonlight', 'Daybreak', 'Harmattan', 'Ifẹ', 'Ayọ', 'Ewà', 'Oyin', 'Amara', 'Kauna', 'Imọlẹ', 'Adùn',
  'Sweetheart', 'Forever Yours', 'First Love', 'Candlelight', 'Starlight', 'Stardust', 'Honey', 'Treasure',
];
export const PLACES = [
  'Ikoyi', 'Lekki', 'Victoria Island', 'Banana Island', 'Ikeja', 'Yaba', 'Surulere', 'Ajah', 'Maitama', 'Wuse',
  'Asokoro', 'Gwarinpa', 'Jabi', 'Abeokuta', 'Calabar', 'Enugu', 'Port Harcourt', 'Ibadan', 'Kano', 'Jos', 'Benin',
  'Epe', 'Badagry', 'Eko', 'Oniru', 'Gbagada', 'Magodo', 'Obudu', 'Idanre', 'Zuma', 'Owerri', 'Asaba', 'Uyo', 'Ilorin',
  'Osogbo', 'Lokoja',
];
export const GREENERY = ['eucalyptus', 'ruscus', 'pittosporum', 'salal leaves', 'aspidistra leaves', 'fern fronds', 'pistache', 'silver dollar eucalyptus'];
export const PAPERS = ['blush tissue', 'kraft paper', 'black matte paper', 'ivory crepe paper', 'lilac wrapping paper', 'sage paper', 'indigo adire-print paper'];
export const PAPER_HUES: Record<string, string> = {
  'blush tissue': '#f4d3d8', 'kraft paper': '#c8a27a', 'black matte paper': '#2b2b2b', 'ivory crepe paper': '#f5f0e3',
  'lilac wrapping paper': '#d9c8e8', 'sage paper': '#b7c9a8', 'indigo adire-print paper': '#2e3a87',
};
export const WORD_COUNT: Record<number, string> = { 6: 'Six', 9: 'Nine', 10: 'Ten', 12: 'Twelve', 16: 'Sixteen', 20: 'Twenty', 24: 'Twenty-four', 25: 'Twenty-five', 50: 'Fifty', 100: 'One hundred' };

export const SHAPE: Record<FlowerName, FlowerShape> = {
  roses: 'rose', lilies: 'lily', chrysanthemums: 'chrysanthemum', 'million-stars': 'millionstar', gerberas: 'gerbera',
  carnations: 'carnation', tulips: 'tulip', sunflowers: 'sunflower', orchids: 'orchid', hydrangeas: 'hydrangea',
  alstroemerias: 'alstroemeria', 'calla-lilies': 'calla',
};

// Occasion categories (SPEC section 2).
export const LOVE = 'flowers-for-love-birthday-anniversary-etc';
export const JUST = 'just-to-say-bouquets';
export const WELL = 'get-well-soon';
export const FUNERAL = 'funeral-and-condolence';
export const EVENT = 'event-amp-centerpiece';
export const FATHERS = 'fathers-day-flowers';
export const MOTHERS = 'mothers-day-flowers';
export const VALENTINE = 'valentines-day-flowers-and-gifts';

// ---------------------------------------------------------------- sizes
export interface SizeDef { label: string; code: string; factor: number }
export const S = (label: string, code: string, factor: number): SizeDef => ({ label, code, factor });
export const SIZES = {
  stems: [S('12 stems', '12', 0.55), S('24 stems', '', 1), S('50 stems', '50', 1.95), S('100 stems', '100', 3.7)],
  bouquet: [S('Classic', '', 1), S('Deluxe', 'DLX', 1.45), S('Grand', 'GRD', 2)],
  box: [S('Standard box', '', 1), S('Large box', 'LG', 1.6)],
  vase: [S('Standard', '', 1), S('Grand', 'GRD', 1.7)],
  single: [S('Standard', '', 1)],
  forever: [S('9 roses', '', 1), S('16 roses', '16', 1.6), S('25 roses', '25', 2.3)],
  funeral: [S('Standard', '', 1), S('Large', 'LG', 1.5)],
  set: [S('Single', '', 1), S('Set of 4', '4', 3.6)],
  event: [S('One table', '', 1), S('Five tables', '5', 4.6), S('Ten tables', '10', 8.8)],
  bundle: [S('Standard', '', 1), S('Deluxe', 'DLX', 1.5)],
  chocolate: [S('16 pieces', '', 1), S('24 pieces', '24', 1.4), S('48 pieces', '48', 2.5)],
  cake: [S('6 inch', '6IN', 0.75), S('8 inch', '', 1), S('10 inch', '10IN', 1.45)],
  cupcakes: [S('Box of 6', '6', 0.6), S('Box of 12', '', 1), S('Box of 24', '24', 1.85)],
  teddy: [S('40 cm', '', 1), S('60 cm', '60', 1.6), S('100 cm', '100', 2.8), S('160 cm', '160', 4.4)],
  balloons: [S('5 balloons', '5', 0.6), S('10 balloons', '', 1), S('20 balloons', '20', 1.8)],
  wine: [S('75 cl', '', 1)],
  champagne: [S('75 cl', '', 1), S('Magnum 1.5 L', 'MAG', 2.2)],
  perfume: [S('50 ml', '50', 0.7), S('100 ml', '', 1)],
  candle: [S('Single wick', '', 1), S('Three wick', '3W', 1.8)],
  plant: [S('Small pot', '', 1), S('Medium pot', 'MD', 1.6), S('Large pot', 'LG', 2.6)],
} satisfies Record<string, SizeDef[]>;


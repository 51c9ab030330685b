/** The composition a product's picture is drawn from (stored with the product as JSON). */
export type FlowerShape =
  | 'rose'
  | 'lily'
  | 'chrysanthemum'
  | 'gerbera'
  | 'carnation'
  | 'millionstar'
  | 'tulip'
  | 'sunflower'
  | 'orchid'
  | 'hydrangea'
  | 'alstroemeria'
  | 'calla';

export type Scene =
  | 'bouquet'
  | 'vase'
  | 'box'
  | 'dome'
  | 'wreath'
  | 'cascade'
  | 'boutonniere'
  | 'centerpiece'
  | 'dried'
  | 'chocolate'
  | 'cake'
  | 'cupcakes'
  | 'teddy'
  | 'balloons'
  | 'bottle'
  | 'perfume'
  | 'candle'
  | 'plant'
  | 'hamper'
  | 'bundle'
  | 'giftbox';

export type Extra = 'teddy' | 'bottle' | 'chocolate' | 'cake' | 'balloons' | 'candle' | 'perfume';

export interface ArtSpec {
  scene: Scene;
  /** Main colours: the blooms, the sponge, the fur, the liquid… */
  palette: string[];
  /** Wrap, box, pot, label, bow. */
  accent: string;
  flowers?: FlowerShape[];
  /** Items beside a bouquet (bundle) or in a hamper. */
  extras?: Extra[];
  /** Sub-kind: plant species, bottle kind ('champagne' | 'red' | 'white' | 'rose'), 'heart'… */
  variant?: string;
  seed: number;
}

export type Rng = () => number;

/**
 * Product pictures drawn as SVG from a composition (`ArtSpec`) stored with each product, until real
 * photos are dropped into the media folder. Deterministic: the same spec always gives the same bytes.
 */
import { seededRandom } from './recommend';
import type { ArtSpec, Rng } from './art/spec';
import { shade, escapeXml } from './art/svg';
import { bouquet, vase, hatbox, dome, wreath, cascade, boutonniere, centerpiece, dried } from './art/flower-scenes';
import { chocolate, cake, cupcakes, teddy, balloons, bottle, flute, perfume, candle, plant, hamper, giftbox, bundle } from './art/gift-scenes';

export type { ArtSpec, Extra, FlowerShape, Scene } from './art/spec';

/** Bumped when the drawing changes, so cached pictures are refetched. */
export const ART_VERSION = 3;
export const IMAGE_SIZE = 800;

function adireBand(rng: Rng, tint: string): string {
  let out = '';
  const motif = Math.floor(rng() * 3);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 2; j++) {
      const x = 16 + i * 30;
      const y = 16 + j * 30;
      if (x + y > 200) continue;
      out += motif === 0
        ? `<circle cx="${x}" cy="${y}" r="9" fill="none" stroke="${tint}" stroke-width="2"/><circle cx="${x}" cy="${y}" r="2.5" fill="${tint}"/>`
        : motif === 1
          ? `<path d="M${x - 9} ${y} L${x} ${y - 9} L${x + 9} ${y} L${x} ${y + 9}Z" fill="none" stroke="${tint}" stroke-width="2"/>`
          : `<path d="M${x - 10} ${y - 6} q5 -6 10 0 t10 0 M${x - 10} ${y + 4} q5 -6 10 0 t10 0" fill="none" stroke="${tint}" stroke-width="2"/>`;
    }
  }
  return `<g opacity=".16">${out}</g>`;
}

export type ImageView = 'main' | 'detail';

/** The picture of one product (or blog post). `label` is its accessible name. */
export function renderArt(spec: ArtSpec, label: string, view: ImageView = 'main'): string {
  const rng = seededRandom(spec.seed || 1);
  const base = spec.palette[0] ?? '#e8a0b4';
  const bg = shade(base, 0.88);
  const bg2 = shade(spec.accent, 0.82);
  let scene: string;
  switch (spec.scene) {
    case 'bouquet': scene = bouquet(spec, rng); break;
    case 'vase': scene = vase(spec, rng); break;
    case 'box': scene = hatbox(spec, rng, spec.variant === 'heart'); break;
    case 'dome': scene = dome(spec, rng); break;
    case 'wreath': scene = wreath(spec, rng); break;
    case 'cascade': scene = cascade(spec, rng); break;
    case 'boutonniere': scene = boutonniere(spec, rng); break;
    case 'centerpiece': scene = centerpiece(spec, rng); break;
    case 'dried': scene = dried(spec, rng); break;
    case 'chocolate': scene = chocolate(spec, rng); break;
    case 'cake': scene = cake(spec, rng); break;
    case 'cupcakes': scene = cupcakes(spec, rng); break;
    case 'teddy': scene = teddy(spec, rng); break;
    case 'balloons': scene = balloons(spec, rng); break;
    case 'bottle': scene = bottle(spec, rng, spec.variant === 'champagne' ? 170 : 180) + flute(292, spec.variant === 'red' ? '#7a1126' : spec.variant === 'rose' ? '#f2a0a8' : '#f3e3a0'); break;
    case 'perfume': scene = perfume(spec, rng); break;
    case 'candle': scene = candle(spec, rng); break;
    case 'plant': scene = plant(spec, rng); break;
    case 'hamper': scene = hamper(spec, rng); break;
    case 'bundle': scene = bundle(spec, rng); break;
    case 'giftbox': scene = giftbox(spec); break;
  }
  const viewBox = view === 'detail' ? '90 60 220 220' : '0 0 400 400';
  const id = `g${(spec.seed >>> 0).toString(36)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" role="img" aria-label="${escapeXml(label)}">
<defs><radialGradient id="${id}" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset=".55" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></radialGradient></defs>
<rect x="0" y="0" width="400" height="400" fill="url(#${id})"/>
${adireBand(rng, '#2e3a87')}
<ellipse cx="200" cy="378" rx="150" ry="14" fill="#000000" opacity=".08"/>
${scene}
</svg>`;
}

/** Fallback composition for a product stored without one (e.g. added by hand): a bouquet from its slug. */
export function fallbackArt(slug: string): ArtSpec {
  let h = 2166136261;
  for (const ch of slug) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const seed = h >>> 0;
  const palettes = [['#b3123a', '#d7263d', '#8e0e2b'], ['#f28c28', '#f7c948', '#e06c00'], ['#f4f1ea', '#ece4d4', '#ffffff'], ['#f48fb1', '#ec6f9d', '#f8bbd0'], ['#8e44ad', '#b19cd9', '#dcc6ec']];
  return { scene: 'bouquet', palette: palettes[seed % palettes.length]!, accent: '#f4d3d8', flowers: ['rose', 'millionstar'], seed };
}

/** Short version of a generated picture: changes with its composition, its label or the generator. */
export function artVersion(artJson: string, label: string): string {
  let h = 2166136261;
  for (const ch of `${ART_VERSION}|${artJson}|${label}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0).toString(36);
}

export function parseArt(json: string, slug: string): ArtSpec {
  try {
    const spec = JSON.parse(json) as Partial<ArtSpec>;
    if (spec && typeof spec.scene === 'string' && Array.isArray(spec.palette) && typeof spec.seed === 'number') return spec as ArtSpec;
  } catch {
    // fall through
  }
  return fallbackArt(slug);
}

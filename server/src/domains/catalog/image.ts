/**
 * Product pictures drawn as SVG from a composition (`ArtSpec`) stored with each product, until real
 * photos are dropped into the media folder. Deterministic: the same spec always gives the same bytes.
 */
import { seededRandom } from './recommend';

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

/** Bumped when the drawing changes, so cached pictures are refetched. */
export const ART_VERSION = 3;
export const IMAGE_SIZE = 800;

type Rng = () => number;

// ---------- colour helpers ----------
function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}
function parseHex(hex: string): [number, number, number] {
  const h = /^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : 'cc3355';
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
/** amount > 0 lightens towards white, < 0 darkens towards black. */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = parseHex(hex);
  const f = (c: number) => (amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  return `#${[r, g, b].map((c) => clamp(f(c)).toString(16).padStart(2, '0')).join('')}`;
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------- foliage ----------
function leaf(x: number, y: number, len: number, angle: number, colour: string): string {
  const w = len * 0.32;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0 0 Q${n(len * 0.45)} ${n(-w)} ${n(len)} 0 Q${n(len * 0.45)} ${n(w)} 0 0Z" fill="${colour}"/><path d="M0 0 L${n(len * 0.9)} 0" stroke="${shade(colour, -0.3)}" stroke-width="1.2" opacity=".6"/></g>`;
}

function eucalyptus(x: number, y: number, len: number, angle: number): string {
  let out = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0 0 L${n(len)} 0" stroke="#6f8f7a" stroke-width="2"/>`;
  for (let i = 1; i < 6; i++) {
    const px = (len * i) / 6;
    out += `<circle cx="${n(px)}" cy="-7" r="7" fill="#9db8a5"/><circle cx="${n(px + 6)}" cy="7" r="6.5" fill="#8aab94"/>`;
  }
  return `${out}</g>`;
}

// ---------- flowers ----------
function rose(r: number, c: string, rot: number): string {
  const dark = shade(c, -0.28);
  let petals = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 + rot) * (Math.PI / 180);
    petals += `<circle cx="${n(Math.cos(a) * r * 0.42)}" cy="${n(Math.sin(a) * r * 0.42)}" r="${n(r * 0.6)}" fill="${shade(c, 0.08)}" stroke="${dark}" stroke-width="1" stroke-opacity=".35"/>`;
  }
  let spiral = '';
  const turns = 2.6;
  for (let t = 0; t <= turns * 24; t++) {
    const a = (t / 24) * Math.PI * 2 + rot;
    const rr = r * 0.62 * (1 - t / (turns * 24 + 6));
    spiral += `${t ? 'L' : 'M'}${n(Math.cos(a) * rr)} ${n(Math.sin(a) * rr)}`;
  }
  return `${petals}<circle r="${n(r * 0.66)}" fill="${c}"/><path d="${spiral}" fill="none" stroke="${dark}" stroke-width="${n(Math.max(1.2, r * 0.07))}" stroke-linecap="round" opacity=".8"/>`;
}

function lily(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const a = i * 60 + rot;
    out += `<g transform="rotate(${n(a)})"><ellipse cx="0" cy="${n(-r * 0.5)}" rx="${n(r * 0.24)}" ry="${n(r * 0.55)}" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="1"/><path d="M0 ${n(-r * 0.15)} L0 ${n(-r * 0.9)}" stroke="${shade(c, -0.18)}" stroke-width="1.5"/>`;
    out += `<circle cx="${n(r * 0.06)}" cy="${n(-r * 0.4)}" r="1.6" fill="${shade(c, -0.5)}"/><circle cx="${n(-r * 0.07)}" cy="${n(-r * 0.55)}" r="1.4" fill="${shade(c, -0.5)}"/></g>`;
  }
  for (let i = 0; i < 6; i++) {
    const a = (i * 60 + rot + 30) * (Math.PI / 180);
    const x = Math.cos(a) * r * 0.42;
    const y = Math.sin(a) * r * 0.42;
    out += `<path d="M0 0 L${n(x)} ${n(y)}" stroke="#c9d88a" stroke-width="1.4"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="3" ry="1.8" fill="#b5541c"/>`;
  }
  return out;
}

function gerbera(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 22; i++) {
    const a = (i * 360) / 22 + rot;
    out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * 0.58)}" rx="${n(r * 0.13)}" ry="${n(r * 0.42)}" fill="${i % 2 ? c : shade(c, 0.12)}"/>`;
  }
  return `${out}<circle r="${n(r * 0.32)}" fill="#e8c547"/><circle r="${n(r * 0.22)}" fill="#4a2c17"/>`;
}

function sunflower(r: number, _c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 24; i++) {
    const a = (i * 360) / 24 + rot;
    out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * 0.62)}" rx="${n(r * 0.14)}" ry="${n(r * 0.38)}" fill="${i % 2 ? '#f7c21b' : '#f3ae0b'}"/>`;
  }
  out += `<circle r="${n(r * 0.45)}" fill="#5a3311"/>`;
  for (let i = 0; i < 14; i++) {
    const a = i * 2.4;
    const rr = Math.sqrt(i / 14) * r * 0.38;
    out += `<circle cx="${n(Math.cos(a) * rr)}" cy="${n(Math.sin(a) * rr)}" r="1.8" fill="#3a1f08"/>`;
  }
  return out;
}

function chrysanthemum(r: number, c: string, rot: number): string {
  let out = '';
  const rings = [
    { count: 26, dist: 0.62, len: 0.36, tone: 0.1 },
    { count: 18, dist: 0.4, len: 0.3, tone: 0 },
    { count: 10, dist: 0.2, len: 0.22, tone: -0.12 },
  ];
  for (const ring of rings) {
    for (let i = 0; i < ring.count; i++) {
      const a = (i * 360) / ring.count + rot + ring.dist * 40;
      out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * ring.dist)}" rx="${n(r * 0.08)}" ry="${n(r * ring.len)}" fill="${shade(c, ring.tone)}" stroke="${shade(c, -0.2)}" stroke-width=".6"/>`;
    }
  }
  return `${out}<circle r="${n(r * 0.1)}" fill="${shade(c, -0.25)}"/>`;
}

function carnation(r: number, c: string, rot: number): string {
  const ruffle = (radius: number, points: number, fill: string) => {
    let d = '';
    for (let i = 0; i <= points * 2; i++) {
      const a = (i / (points * 2)) * Math.PI * 2 + rot;
      const rr = i % 2 ? radius * 0.84 : radius;
      d += `${i ? 'L' : 'M'}${n(Math.cos(a) * rr)} ${n(Math.sin(a) * rr)}`;
    }
    return `<path d="${d}Z" fill="${fill}" stroke="${shade(c, -0.22)}" stroke-width=".8"/>`;
  };
  return ruffle(r, 18, shade(c, 0.1)) + ruffle(r * 0.7, 14, c) + ruffle(r * 0.4, 10, shade(c, -0.1));
}

function millionstar(r: number, c: string, rot: number, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 16; i++) {
    const a = rng() * Math.PI * 2 + rot;
    const rr = Math.sqrt(rng()) * r;
    out += `<circle cx="${n(Math.cos(a) * rr)}" cy="${n(Math.sin(a) * rr)}" r="${n(2.2 + rng() * 2.2)}" fill="${shade(c, 0.2)}" stroke="${shade(c, -0.15)}" stroke-width=".5"/>`;
  }
  return out;
}

function tulip(r: number, c: string): string {
  return `<path d="M${n(-r * 0.55)} ${n(-r * 0.35)} Q${n(-r * 0.65)} ${n(r * 0.55)} 0 ${n(r * 0.62)} Q${n(r * 0.65)} ${n(r * 0.55)} ${n(r * 0.55)} ${n(-r * 0.35)} L${n(r * 0.26)} ${n(-r * 0.05)} L0 ${n(-r * 0.5)} L${n(-r * 0.26)} ${n(-r * 0.05)}Z" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="1.2"/><path d="M0 ${n(-r * 0.45)} Q${n(-r * 0.1)} ${n(r * 0.2)} 0 ${n(r * 0.6)}" stroke="${shade(c, -0.18)}" fill="none" stroke-width="1.2"/>`;
}

function orchid(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = i * 72 + rot;
    const big = i % 2 === 0;
    out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * 0.45)}" rx="${n(r * (big ? 0.34 : 0.22))}" ry="${n(r * 0.48)}" fill="${shade(c, big ? 0.1 : 0)}" stroke="${shade(c, -0.2)}" stroke-width=".8"/>`;
  }
  return `${out}<ellipse cy="${n(r * 0.15)}" rx="${n(r * 0.2)}" ry="${n(r * 0.26)}" fill="${shade(c, -0.35)}"/><circle r="${n(r * 0.08)}" fill="#f6e27a"/>`;
}

function hydrangea(r: number, c: string, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 20; i++) {
    const a = rng() * Math.PI * 2;
    const rr = Math.sqrt(rng()) * r * 0.78;
    const x = Math.cos(a) * rr;
    const y = Math.sin(a) * rr;
    const tone = shade(c, (rng() - 0.5) * 0.3);
    out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rng() * 90)})">`;
    for (let k = 0; k < 4; k++) out += `<ellipse transform="rotate(${k * 90})" cy="-5" rx="4" ry="5.5" fill="${tone}"/>`;
    out += `<circle r="1.6" fill="${shade(c, -0.4)}"/></g>`;
  }
  return out;
}

function alstroemeria(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const a = i * 60 + rot;
    out += `<g transform="rotate(${n(a)})"><ellipse cy="${n(-r * 0.42)}" rx="${n(r * 0.22)}" ry="${n(r * 0.44)}" fill="${i % 2 ? c : shade(c, 0.18)}"/>`;
    if (i % 2) out += `<path d="M-2 ${n(-r * 0.35)} L-1 ${n(-r * 0.6)} M2 ${n(-r * 0.35)} L1 ${n(-r * 0.58)}" stroke="#5a2a1a" stroke-width="1"/>`;
    out += '</g>';
  }
  return `${out}<circle r="${n(r * 0.12)}" fill="#f3d36b"/>`;
}

function calla(r: number, c: string, rot: number): string {
  return `<g transform="rotate(${n(rot * 0.2)})"><path d="M0 ${n(r * 0.75)} C${n(-r * 0.45)} ${n(r * 0.2)} ${n(-r * 0.7)} ${n(-r * 0.55)} ${n(-r * 0.1)} ${n(-r * 0.75)} C${n(r * 0.5)} ${n(-r * 0.9)} ${n(r * 0.62)} ${n(-r * 0.2)} 0 ${n(r * 0.75)}Z" fill="${c}" stroke="${shade(c, -0.2)}" stroke-width="1.2"/><path d="M0 ${n(r * 0.2)} L${n(-r * 0.05)} ${n(-r * 0.45)}" stroke="#e9b920" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/></g>`;
}

function flower(shape: FlowerShape, x: number, y: number, r: number, c: string, rng: Rng): string {
  const rot = Math.floor(rng() * 360);
  let body: string;
  switch (shape) {
    case 'rose': body = rose(r, c, rot); break;
    case 'lily': body = lily(r, c, rot); break;
    case 'gerbera': body = gerbera(r, c, rot); break;
    case 'sunflower': body = sunflower(r, c, rot); break;
    case 'chrysanthemum': body = chrysanthemum(r, c, rot); break;
    case 'carnation': body = carnation(r, c, rot); break;
    case 'millionstar': body = millionstar(r, c, rot, rng); break;
    case 'tulip': body = tulip(r, c); break;
    case 'orchid': body = orchid(r, c, rot); break;
    case 'hydrangea': body = hydrangea(r, c, rng); break;
    case 'alstroemeria': body = alstroemeria(r, c, rot); break;
    case 'calla': body = calla(r, c, rot); break;
  }
  return `<g transform="translate(${n(x)} ${n(y)})">${body}</g>`;
}

/** Blooms on a dome around (cx, cy): a golden-angle spiral with jitter, big first, fillers between. */
function bloomDome(spec: ArtSpec, rng: Rng, cx: number, cy: number, radius: number, count: number, squash = 0.82): string {
  const shapes = spec.flowers?.length ? spec.flowers : (['rose'] as FlowerShape[]);
  const main = shapes.filter((s) => s !== 'millionstar');
  const filler = shapes.includes('millionstar');
  const mainShapes = main.length ? main : shapes;
  let leaves = '';
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI + (i / 8) * Math.PI + (rng() - 0.5) * 0.3;
    const x = cx + Math.cos(a) * radius * 0.85;
    const y = cy + Math.sin(a) * radius * squash * 0.85 + radius * 0.15;
    leaves += rng() < 0.35 ? eucalyptus(x, y, radius * 0.55, (a * 180) / Math.PI) : leaf(x, y, radius * 0.5, (a * 180) / Math.PI, pick(rng, ['#4f7d4a', '#5d8c57', '#3f6b3f']));
  }
  let blooms = '';
  const positions: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const a = i * 2.39996 + rng() * 0.4;
    const rr = Math.sqrt(t) * radius * 0.78;
    const x = cx + Math.cos(a) * rr;
    const y = cy + Math.sin(a) * rr * squash;
    const size = radius * (0.2 + rng() * 0.08) * (mainShapes.length === 1 && mainShapes[0] === 'millionstar' ? 1.5 : 1);
    positions.push([x, y, size]);
  }
  // back to front: the lower blooms overlap the higher ones
  positions.sort((a, b) => a[1] - b[1]);
  for (const [i, [x, y, size]] of positions.entries()) {
    const shape = mainShapes[i % mainShapes.length]!;
    const colour = spec.palette[i % spec.palette.length] ?? '#c2185b';
    blooms += flower(shape, x, y, size, colour, rng);
  }
  let fill = '';
  if (filler) {
    for (let i = 0; i < 7; i++) {
      const a = rng() * Math.PI * 2;
      const rr = radius * (0.55 + rng() * 0.4);
      fill += flower('millionstar', cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * squash, radius * 0.16, '#ffffff', rng);
    }
  }
  return leaves + fill + blooms;
}

// ---------- scenes ----------
function bow(x: number, y: number, colour: string, scale = 1): string {
  const d = shade(colour, -0.25);
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})"><path d="M0 0 C-30 -26 -46 4 -4 4Z" fill="${colour}" stroke="${d}"/><path d="M0 0 C30 -26 46 4 4 4Z" fill="${colour}" stroke="${d}"/><path d="M-3 3 L-18 40 L-8 36 L-2 44Z" fill="${colour}"/><path d="M3 3 L18 40 L8 36 L2 44Z" fill="${d}"/><circle r="6" fill="${d}"/></g>`;
}

function bouquet(spec: ArtSpec, rng: Rng): string {
  const wrap = spec.accent;
  const stems = Array.from({ length: 7 }, (_, i) => `<path d="M${185 + i * 5} 300 L${n(178 + i * 7 + (rng() - 0.5) * 6)} 382" stroke="#4b7a3f" stroke-width="4"/>`).join('');
  const back = `<path d="M92 118 L200 330 L308 118 Q200 70 92 118Z" fill="${shade(wrap, -0.08)}"/>`;
  const front = `<path d="M112 212 L200 336 L288 212 L250 236 L200 214 L150 236Z" fill="${wrap}" stroke="${shade(wrap, -0.2)}" stroke-width="1.5"/><path d="M200 214 L200 336" stroke="${shade(wrap, -0.15)}" stroke-width="1"/>`;
  return `${stems}${back}${bloomDome(spec, rng, 200, 168, 118, 9 + Math.floor(rng() * 5))}${front}${bow(200, 300, shade(wrap, -0.35))}`;
}

function vase(spec: ArtSpec, rng: Rng): string {
  const glass = `<path d="M150 250 Q140 250 146 270 L160 372 Q200 384 240 372 L254 270 Q260 250 250 250Z" fill="#dcedf0" fill-opacity=".55" stroke="#9fc3c9" stroke-width="2"/><path d="M154 292 Q200 300 246 292 L240 372 Q200 382 160 372Z" fill="#b9dce2" fill-opacity=".5"/>`;
  const stems = Array.from({ length: 6 }, (_, i) => `<path d="M${170 + i * 12} 250 L${n(186 + i * 6)} 368" stroke="#4b7a3f" stroke-width="3" opacity=".75"/>`).join('');
  const shine = '<path d="M164 268 L172 360" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity=".6"/>';
  return `${stems}${bloomDome(spec, rng, 200, 182, 112, 9 + Math.floor(rng() * 5))}${glass}${shine}`;
}

function hatbox(spec: ArtSpec, rng: Rng, heart = false): string {
  const c = spec.accent;
  if (heart) {
    const heartPath = 'M200 372 C120 320 70 270 80 210 C90 160 160 150 200 196 C240 150 310 160 320 210 C330 270 280 320 200 372Z';
    let blooms = '';
    const shapes = spec.flowers?.length ? spec.flowers : (['rose'] as FlowerShape[]);
    for (let y = 190; y < 350; y += 30) {
      for (let x = 96; x < 310; x += 30) {
        const dx = x - 200;
        const top = y > 206 || Math.abs(Math.abs(dx) - 60) < 48;
        const inside = top && Math.abs(dx) < 120 - Math.max(0, y - 250) * 0.95;
        if (inside) blooms += flower(shapes[(x + y) % shapes.length]!, x + (y % 60 ? 15 : 0), y, 17, spec.palette[(x * 7 + y) % spec.palette.length]!, rng);
      }
    }
    return `<path d="${heartPath}" transform="translate(0 10)" fill="${shade(c, -0.25)}"/><path d="${heartPath}" fill="${c}"/>${blooms}`;
  }
  const body = `<path d="M100 220 L100 350 Q200 392 300 350 L300 220Z" fill="${c}"/><path d="M100 330 Q200 372 300 330" stroke="${shade(c, 0.25)}" stroke-width="6" fill="none"/>`;
  const rim = `<ellipse cx="200" cy="220" rx="100" ry="30" fill="${shade(c, -0.3)}"/>`;
  let blooms = '';
  const shapes = spec.flowers?.length ? spec.flowers : (['rose'] as FlowerShape[]);
  const rows = [
    { y: 168, xs: [150, 200, 250] },
    { y: 190, xs: [120, 165, 210, 255, 290] },
    { y: 214, xs: [112, 150, 190, 230, 270, 292] },
  ];
  let i = 0;
  for (const row of rows) for (const x of row.xs) blooms += flower(shapes[i % shapes.length]!, x + (rng() - 0.5) * 6, row.y + (rng() - 0.5) * 6, 27, spec.palette[i++ % spec.palette.length]!, rng);
  return `${body}${rim}${blooms}<text x="200" y="300" text-anchor="middle" font-family="Georgia, serif" font-size="18" fill="${shade(c, 0.7)}" letter-spacing="3">ADIRE</text>`;
}

function dome(spec: ArtSpec, rng: Rng): string {
  const c = spec.palette[0] ?? '#b3123a';
  const stem = '<path d="M200 330 Q196 280 200 226" stroke="#3f6b3f" stroke-width="5" fill="none"/>';
  const leaves = leaf(198, 290, 40, -150, '#4f7d4a') + leaf(200, 270, 38, -25, '#5d8c57');
  const base = '<ellipse cx="200" cy="352" rx="92" ry="20" fill="#5b3a26"/><rect x="108" y="332" width="184" height="20" fill="#6e4a31"/><ellipse cx="200" cy="332" rx="92" ry="20" fill="#8a5d3e"/>';
  const glass = '<path d="M124 332 L124 170 Q124 86 200 86 Q276 86 276 170 L276 332" fill="#e6f2f5" fill-opacity=".35" stroke="#b6d2d8" stroke-width="3"/><path d="M146 300 L146 176 Q146 120 184 106" stroke="#ffffff" stroke-width="7" fill="none" stroke-linecap="round" opacity=".7"/>';
  const count = spec.variant === 'trio' ? 3 : 1;
  let blooms = '';
  for (let i = 0; i < count; i++) blooms += flower(spec.flowers?.[0] ?? 'rose', 200 + (i - (count - 1) / 2) * 42, 206 + (i % 2) * 12, count === 1 ? 44 : 28, spec.palette[i % spec.palette.length] ?? c, rng);
  return `${base}${stem}${leaves}${blooms}${glass}`;
}

function wreath(spec: ArtSpec, rng: Rng): string {
  let out = '<path d="M150 300 L120 390 M250 300 L280 390 M200 300 L200 392" stroke="#6e4a31" stroke-width="6"/>';
  for (let i = 0; i < 34; i++) {
    const a = (i / 34) * Math.PI * 2;
    out += leaf(200 + Math.cos(a) * 112, 190 + Math.sin(a) * 112, 46, (a * 180) / Math.PI + 100, pick(rng, ['#3f6b3f', '#4f7d4a', '#2f5a35']));
  }
  const shapes = spec.flowers?.length ? spec.flowers : (['lily'] as FlowerShape[]);
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2 + 0.2;
    out += flower(shapes[i % shapes.length]!, 200 + Math.cos(a) * 110, 190 + Math.sin(a) * 110, 26, spec.palette[i % spec.palette.length]!, rng);
  }
  out += `<path d="M120 262 Q200 300 280 262 L286 282 Q200 322 114 282Z" fill="${spec.accent}"/>`;
  return out;
}

function cascade(spec: ArtSpec, rng: Rng): string {
  let out = '<path d="M190 230 L200 300 L210 230Z" fill="#e9e3d4"/>';
  for (let i = 0; i < 7; i++) out += leaf(200 + (rng() - 0.5) * 40, 250 + i * 18, 50, 70 + (rng() - 0.5) * 60, '#4f7d4a');
  out += bloomDome(spec, rng, 200, 170, 100, 10);
  const shapes = spec.flowers?.length ? spec.flowers : (['rose'] as FlowerShape[]);
  for (let i = 0; i < 6; i++) out += flower(shapes[i % shapes.length]!, 200 + Math.sin(i) * 18, 250 + i * 22, 22 - i * 1.8, spec.palette[i % spec.palette.length]!, rng);
  return out;
}

function boutonniere(spec: ArtSpec, rng: Rng): string {
  const c = spec.palette[0] ?? '#f4f1ea';
  return `<path d="M200 250 L236 366" stroke="#3f6b3f" stroke-width="9" stroke-linecap="round"/><path d="M206 270 L226 336" stroke="${spec.accent}" stroke-width="14" stroke-linecap="round"/>${leaf(206, 246, 70, 150, '#4f7d4a')}${leaf(208, 244, 66, 30, '#5d8c57')}${leaf(204, 240, 60, 95, '#3f6b3f')}${flower('millionstar', 172, 200, 30, '#ffffff', rng)}${flower(spec.flowers?.[0] ?? 'rose', 206, 200, 56, c, rng)}<path d="M150 330 L262 300" stroke="#b9b9b9" stroke-width="3"/><circle cx="150" cy="330" r="7" fill="#f8f4ea" stroke="#d9d2c2"/>`;
}

function centerpiece(spec: ArtSpec, rng: Rng): string {
  const trough = `<rect x="80" y="300" width="240" height="46" rx="10" fill="${spec.accent}"/><rect x="80" y="300" width="240" height="10" rx="5" fill="${shade(spec.accent, 0.2)}"/>`;
  const candle = (x: number) => `<rect x="${x - 7}" y="150" width="14" height="150" rx="3" fill="#f6efe0"/><path d="M${x} 128 Q${x + 9} 142 ${x} 150 Q${x - 9} 142 ${x} 128Z" fill="#f7a531"/><circle cx="${x}" cy="142" r="18" fill="#ffd27a" opacity=".25"/>`;
  return `${candle(120)}${candle(280)}${bloomDome(spec, rng, 200, 266, 120, 12, 0.38)}${trough}`;
}

function dried(spec: ArtSpec, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 9; i++) {
    const tx = 120 + i * 20 + (rng() - 0.5) * 20;
    out += `<path d="M200 330 Q${n((tx + 200) / 2)} 220 ${n(tx)} ${n(90 + rng() * 50)}" stroke="#b39b72" stroke-width="2.5" fill="none"/>`;
    out += `<ellipse cx="${n(tx)}" cy="${n(92 + rng() * 50)}" rx="14" ry="42" fill="${i % 2 ? '#eadcc2' : '#d9c3a0'}" opacity=".9" transform="rotate(${n((tx - 200) / 5)} ${n(tx)} 120)"/>`;
  }
  out += bloomDome({ ...spec, flowers: ['millionstar'] }, rng, 200, 220, 80, 5, 0.6);
  out += `<path d="M150 250 L200 360 L250 250Z" fill="${spec.accent}"/>${bow(200, 320, shade(spec.accent, -0.3), 0.8)}`;
  return out;
}

function chocolate(spec: ArtSpec, rng: Rng): string {
  const c = spec.accent;
  let out = `<path d="M80 150 L320 150 L300 250 L100 250Z" fill="${shade(c, -0.25)}"/><rect x="70" y="240" width="260" height="120" rx="8" fill="${c}"/><rect x="82" y="252" width="236" height="96" rx="5" fill="${shade(c, -0.45)}"/>`;
  const browns = spec.palette.length ? spec.palette : ['#5a3311', '#7b4a21', '#d9b48a'];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 6; col++) {
      const x = 104 + col * 38;
      const y = 272 + row * 30;
      const colour = browns[(row * 6 + col + Math.floor(rng() * 3)) % browns.length]!;
      out += (row + col) % 3 === 0
        ? `<rect x="${x - 13}" y="${y - 11}" width="26" height="22" rx="5" fill="${colour}"/><path d="M${x - 9} ${y - 2} q4 -6 9 0 t9 0" stroke="${shade(colour, 0.4)}" fill="none" stroke-width="1.6"/>`
        : `<circle cx="${x}" cy="${y}" r="12.5" fill="${colour}"/><circle cx="${x - 4}" cy="${y - 4}" r="3" fill="${shade(colour, 0.35)}" opacity=".6"/>`;
    }
  }
  return `${out}${bow(200, 214, shade(c, 0.35))}`;
}

function cake(spec: ArtSpec, rng: Rng): string {
  const icing = spec.palette[0] ?? '#f6d5e0';
  const sponge = spec.palette[1] ?? '#f3e2c7';
  const topping = spec.palette[2] ?? '#c2185b';
  const tiers = spec.variant === 'tall' ? 2 : 1;
  let out = '<ellipse cx="200" cy="362" rx="130" ry="16" fill="#e9e4dc"/><rect x="192" y="362" width="16" height="22" fill="#d6d0c5"/><ellipse cx="200" cy="384" rx="48" ry="8" fill="#d6d0c5"/>';
  let top = 350;
  for (let t = 0; t < tiers; t++) {
    const w = t === 0 ? 220 : 150;
    const h = t === 0 ? 120 : 90;
    const x = 200 - w / 2;
    out += `<rect x="${x}" y="${top - h}" width="${w}" height="${h}" rx="12" fill="${t === 0 && tiers > 1 ? icing : sponge}"/><path d="M${x} ${top - h + 14} ${Array.from({ length: 8 }, (_, i) => `Q${n(x + (i + 0.5) * (w / 8))} ${top - h + 36 + (i % 3) * 10} ${n(x + (i + 1) * (w / 8))} ${top - h + 14}`).join(' ')} L${x + w} ${top - h + 8} Q${x + w} ${top - h} ${x + w - 10} ${top - h} L${x + 10} ${top - h} Q${x} ${top - h} ${x} ${top - h + 8}Z" fill="${icing}" stroke="${shade(icing, -0.12)}"/>`;
    top -= h;
  }
  for (let i = 0; i < 5; i++) out += `<circle cx="${n(140 + i * 30 + (rng() - 0.5) * 8)}" cy="${n(top - 6)}" r="9" fill="${topping}"/><circle cx="${n(137 + i * 30)}" cy="${n(top - 9)}" r="2.4" fill="#ffffff" opacity=".6"/>`;
  if (spec.flowers?.length) out += flower(spec.flowers[0]!, 250, top - 8, 22, topping, rng);
  return out;
}

function cupcakes(spec: ArtSpec, rng: Rng): string {
  let out = '';
  const xs = [120, 200, 280];
  for (const [i, x] of xs.entries()) {
    const y = i === 1 ? 250 : 290;
    const frost = spec.palette[i % spec.palette.length] ?? '#f6d5e0';
    out += `<path d="M${x - 42} ${y} L${x - 32} ${y + 70} L${x + 32} ${y + 70} L${x + 42} ${y}Z" fill="${spec.accent}"/>`;
    for (let s = 0; s < 5; s++) out += `<path d="M${x - 36 + s * 18} ${y + 4} L${x - 29 + s * 14} ${y + 68}" stroke="${shade(spec.accent, -0.2)}" stroke-width="2"/>`;
    out += `<ellipse cx="${x}" cy="${y - 4}" rx="50" ry="22" fill="${frost}"/><ellipse cx="${x}" cy="${y - 26}" rx="38" ry="18" fill="${shade(frost, 0.08)}"/><ellipse cx="${x}" cy="${y - 44}" rx="22" ry="13" fill="${shade(frost, 0.15)}"/><circle cx="${x}" cy="${y - 60}" r="9" fill="#c2185b"/>`;
    for (let k = 0; k < 6; k++) out += `<rect x="${n(x - 30 + rng() * 60)}" y="${n(y - 30 + rng() * 24)}" width="7" height="2.4" rx="1" fill="${pick(rng, ['#f7c948', '#5ab1e8', '#ffffff', '#8bd17c'])}" transform="rotate(${n(rng() * 180)} ${x} ${y})"/>`;
  }
  return out;
}

function teddy(spec: ArtSpec, _rng: Rng, cx = 200, cy = 230, s = 1): string {
  const fur = spec.palette[0] ?? '#c89b6d';
  const dark = shade(fur, -0.22);
  const light = shade(fur, 0.35);
  return `<g transform="translate(${cx} ${cy}) scale(${s})"><ellipse cx="-58" cy="110" rx="34" ry="26" fill="${dark}"/><ellipse cx="58" cy="110" rx="34" ry="26" fill="${dark}"/><ellipse cx="-58" cy="112" rx="18" ry="14" fill="${light}"/><ellipse cx="58" cy="112" rx="18" ry="14" fill="${light}"/><ellipse cx="0" cy="60" rx="70" ry="72" fill="${fur}"/><ellipse cx="0" cy="70" rx="40" ry="44" fill="${light}"/><ellipse cx="-74" cy="38" rx="22" ry="38" fill="${fur}" transform="rotate(25 -74 38)"/><ellipse cx="74" cy="38" rx="22" ry="38" fill="${fur}" transform="rotate(-25 74 38)"/><circle cx="-46" cy="-82" r="24" fill="${fur}"/><circle cx="46" cy="-82" r="24" fill="${fur}"/><circle cx="-46" cy="-82" r="12" fill="${light}"/><circle cx="46" cy="-82" r="12" fill="${light}"/><circle cx="0" cy="-40" r="62" fill="${fur}"/><ellipse cx="0" cy="-22" rx="28" ry="22" fill="${light}"/><ellipse cx="0" cy="-32" rx="9" ry="7" fill="#2b1a12"/><path d="M0 -25 Q0 -14 -8 -12 M0 -25 Q0 -14 8 -12" stroke="#2b1a12" stroke-width="2.4" fill="none"/><circle cx="-22" cy="-56" r="6" fill="#2b1a12"/><circle cx="22" cy="-56" r="6" fill="#2b1a12"/><circle cx="-20" cy="-58" r="1.8" fill="#fff"/><circle cx="24" cy="-58" r="1.8" fill="#fff"/>${spec.variant === 'heart' ? `<path d="M0 78 C-30 52 -40 30 -22 20 C-10 14 0 24 0 30 C0 24 10 14 22 20 C40 30 30 52 0 78Z" fill="#d7263d"/>` : ''}${bow(0, 6, spec.accent, 0.8)}</g>`;
}

function balloons(spec: ArtSpec, rng: Rng, cx = 200, baseY = 360, s = 1): string {
  let out = '';
  const count = spec.variant === 'single' ? 3 : 5 + Math.floor(rng() * 3);
  const tops: [number, number][] = [];
  for (let i = 0; i < count; i++) tops.push([cx + ((i - (count - 1) / 2) * 52 + (rng() - 0.5) * 20) * s, (110 + (i % 2) * 48 + rng() * 30) * s + (1 - s) * baseY]);
  for (const [x, y] of tops) out += `<path d="M${n(cx)} ${baseY} Q${n((x + cx) / 2 + 16)} ${n((y + baseY) / 2)} ${n(x)} ${n(y + 52 * s)}" stroke="#8a8a8a" stroke-width="1.3" fill="none"/>`;
  for (const [i, [x, y]] of tops.entries()) {
    const c = spec.palette[i % spec.palette.length] ?? '#d7263d';
    if (spec.variant === 'heart' && i % 2 === 0) {
      out += `<path transform="translate(${n(x)} ${n(y)}) scale(${s})" d="M0 50 C-40 24 -52 -8 -30 -24 C-14 -34 0 -20 0 -10 C0 -20 14 -34 30 -24 C52 -8 40 24 0 50Z" fill="${c}"/>`;
    } else {
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(38 * s)}" ry="${n(48 * s)}" fill="${c}"/><path d="M${n(x - 4 * s)} ${n(y + 48 * s)} l${n(4 * s)} ${n(7 * s)} l${n(4 * s)} ${n(-7 * s)}Z" fill="${shade(c, -0.2)}"/>`;
    }
    out += `<ellipse cx="${n(x - 13 * s)}" cy="${n(y - 18 * s)}" rx="${n(8 * s)}" ry="${n(13 * s)}" fill="#ffffff" opacity=".45"/>`;
  }
  return `${out}<path d="M${n(cx - 16 * s)} ${baseY} L${n(cx + 16 * s)} ${baseY} L${n(cx + 10 * s)} ${n(baseY + 22 * s)} L${n(cx - 10 * s)} ${n(baseY + 22 * s)}Z" fill="${spec.accent}"/>`;
}

function bottle(spec: ArtSpec, _rng: Rng, cx = 180, s = 1): string {
  const kind = spec.variant ?? 'champagne';
  const glass = kind === 'white' || kind === 'rose' ? (kind === 'rose' ? '#f3b3b8' : '#d8dfa8') : kind === 'red' ? '#3b0f1c' : '#1f3a2a';
  const foil = kind === 'champagne' ? '#d4af37' : shade(spec.accent, -0.2);
  const b = `<g transform="translate(${cx} 0) scale(${s}) translate(-180 ${(1 - s) * 380 / s})"><path d="M164 70 L196 70 L196 150 Q236 176 236 226 L236 362 Q180 376 124 362 L124 226 Q124 176 164 150Z" fill="${glass}"/><path d="M162 60 L198 60 L198 150 Q206 156 212 162 L148 162 Q154 156 162 150Z" fill="${foil}"/><rect x="130" y="232" width="100" height="84" rx="6" fill="${spec.accent}"/><rect x="138" y="240" width="84" height="68" rx="4" fill="none" stroke="${shade(spec.accent, 0.55)}" stroke-width="1.5"/><text x="180" y="280" text-anchor="middle" font-family="Georgia, serif" font-size="15" fill="${shade(spec.accent, 0.8)}">${kind === 'champagne' ? 'BRUT' : 'VIN'}</text><path d="M138 190 Q134 260 140 340" stroke="#ffffff" stroke-width="6" opacity=".25" fill="none" stroke-linecap="round"/></g>`;
  return b;
}

function flute(x: number, liquid: string): string {
  return `<path d="M${x - 16} 230 L${x + 16} 230 L${x + 12} 310 Q${x} 318 ${x - 12} 310Z" fill="#eef6f7" fill-opacity=".5" stroke="#b8ccd0" stroke-width="2"/><path d="M${x - 14} 252 L${x + 14} 252 L${x + 11} 308 Q${x} 314 ${x - 11} 308Z" fill="${liquid}" opacity=".8"/><path d="M${x} 316 L${x} 360 M${x - 18} 362 L${x + 18} 362" stroke="#b8ccd0" stroke-width="3"/><circle cx="${x - 3}" cy="290" r="2" fill="#fff"/><circle cx="${x + 4}" cy="275" r="1.6" fill="#fff"/>`;
}

function perfume(spec: ArtSpec, rng: Rng): string {
  const liquid = spec.palette[0] ?? '#f2c14e';
  const cap = spec.accent;
  const faceted = rng() < 0.5;
  const boxBehind = `<rect x="214" y="170" width="110" height="190" rx="4" fill="${shade(cap, 0.55)}"/><rect x="214" y="170" width="110" height="26" fill="${shade(cap, 0.35)}"/>`;
  const body = faceted
    ? `<path d="M110 200 L230 200 L250 260 L230 360 L110 360 L90 260Z" fill="${liquid}" fill-opacity=".85" stroke="${shade(liquid, -0.3)}" stroke-width="2"/><path d="M110 200 L130 260 L110 360 M230 200 L210 260 L230 360 M130 260 L210 260" stroke="#ffffff" stroke-opacity=".45" fill="none"/>`
    : `<rect x="96" y="196" width="148" height="166" rx="36" fill="${liquid}" fill-opacity=".85" stroke="${shade(liquid, -0.3)}" stroke-width="2"/><path d="M118 220 Q110 290 122 340" stroke="#ffffff" stroke-width="8" opacity=".4" fill="none" stroke-linecap="round"/>`;
  return `${boxBehind}${body}<rect x="152" y="176" width="36" height="24" fill="#c9c9c9"/><rect x="138" y="118" width="64" height="60" rx="${faceted ? 4 : 18}" fill="${cap}"/><rect x="128" y="268" width="84" height="34" rx="3" fill="#ffffff" opacity=".75"/><text x="170" y="290" text-anchor="middle" font-family="Georgia, serif" font-size="13" fill="#333">PARFUM</text>`;
}

function candle(spec: ArtSpec, _rng: Rng, cx = 200, s = 1): string {
  const wax = spec.palette[0] ?? '#f6efe0';
  const jar = spec.accent;
  return `<g transform="translate(${cx} 0) scale(${s}) translate(-200 ${(1 - s) * 370 / s})"><circle cx="200" cy="150" r="60" fill="#ffd27a" opacity=".18"/><path d="M200 112 Q214 136 200 156 Q186 136 200 112Z" fill="#f7a531"/><path d="M200 128 Q206 140 200 152 Q194 140 200 128Z" fill="#fff3b0"/><path d="M200 156 L200 176" stroke="#333" stroke-width="3"/><rect x="120" y="170" width="160" height="190" rx="22" fill="${jar}" fill-opacity=".85"/><rect x="130" y="176" width="140" height="30" rx="12" fill="${wax}"/><rect x="136" y="244" width="128" height="66" rx="4" fill="#fbf7f0"/><text x="200" y="274" text-anchor="middle" font-family="Georgia, serif" font-size="14" fill="#3a2f2a">ADIRE</text><text x="200" y="294" text-anchor="middle" font-family="Georgia, serif" font-size="9" letter-spacing="2" fill="#6b5e57">SCENTED</text><path d="M136 190 Q130 270 140 340" stroke="#fff" stroke-width="6" opacity=".3" fill="none" stroke-linecap="round"/></g>`;
}

function plant(spec: ArtSpec, rng: Rng): string {
  const pot = `<path d="M130 280 L270 280 L252 372 L148 372Z" fill="${spec.accent}"/><rect x="122" y="268" width="156" height="22" rx="4" fill="${shade(spec.accent, -0.15)}"/>`;
  const green = spec.palette[0] ?? '#3f7d4a';
  let foliage = '';
  switch (spec.variant) {
    case 'snake':
      for (let i = 0; i < 7; i++) {
        const x = 150 + i * 17;
        const h = 120 + rng() * 90;
        foliage += `<path d="M${x - 10} 272 Q${x - 14} ${272 - h / 2} ${x} ${272 - h} Q${x + 14} ${272 - h / 2} ${x + 10} 272Z" fill="${i % 2 ? green : shade(green, -0.2)}" stroke="#d6c65a" stroke-width="2.5"/>`;
      }
      break;
    case 'cactus': {
      foliage += `<path d="M170 272 L170 150 Q200 110 230 150 L230 272Z" fill="${green}"/><path d="M230 220 L262 220 L262 170 Q276 160 282 172 L282 236 L230 240Z" fill="${shade(green, -0.1)}"/><path d="M170 200 L140 200 L140 162 Q128 150 120 164 L120 214 L170 218Z" fill="${shade(green, 0.08)}"/>`;
      for (let i = 0; i < 24; i++) foliage += `<path d="M${n(176 + rng() * 48)} ${n(150 + rng() * 115)} l4 -3" stroke="#f4efd2" stroke-width="1.4"/>`;
      foliage += '<circle cx="200" cy="132" r="12" fill="#e84a7f"/>';
      break;
    }
    case 'succulent':
      for (let ring = 0; ring < 3; ring++) for (let i = 0; i < 8; i++) foliage += leaf(200, 250 - ring * 6, 70 - ring * 18, -180 + i * 22.5 + ring * 11, shade(green, ring * 0.12));
      break;
    case 'orchid':
      foliage += `<path d="M200 272 Q196 180 236 120" stroke="#3f6b3f" stroke-width="4" fill="none"/>${leaf(200, 268, 80, -160, green)}${leaf(200, 268, 80, -20, shade(green, -0.1))}`;
      for (let i = 0; i < 5; i++) foliage += flower('orchid', 212 + i * 10, 200 - i * 20, 22, spec.palette[1] ?? '#f3e6f5', rng);
      break;
    case 'monstera':
      for (let i = 0; i < 6; i++) {
        const a = -160 + i * 28;
        foliage += `<path d="M200 272 L${n(200 + Math.cos((a * Math.PI) / 180) * 80)} ${n(272 + Math.sin((a * Math.PI) / 180) * 120)}" stroke="#3f6b3f" stroke-width="3"/>`;
        foliage += `<g transform="translate(${n(200 + Math.cos((a * Math.PI) / 180) * 90)} ${n(272 + Math.sin((a * Math.PI) / 180) * 130)}) rotate(${a + 90})"><ellipse rx="42" ry="34" fill="${i % 2 ? green : shade(green, -0.15)}"/><path d="M-42 -6 L-16 -2 M-40 10 L-14 4 M42 -6 L16 -2 M40 10 L14 4" stroke="#fbf7f2" stroke-width="5"/><path d="M0 -34 L0 34" stroke="${shade(green, -0.3)}" stroke-width="2"/></g>`;
      }
      break;
    default:
      for (let i = 0; i < 16; i++) {
        const a = -170 + i * 10 + (rng() - 0.5) * 8;
        foliage += leaf(200 + (rng() - 0.5) * 20, 270, 70 + rng() * 70, a, i % 3 ? green : shade(green, -0.18));
      }
      if (spec.variant === 'peace-lily') for (let i = 0; i < 3; i++) foliage += flower('calla', 160 + i * 40, 140 + (i % 2) * 20, 24, '#fbfaf5', rng);
  }
  return `${foliage}${pot}`;
}

function hamper(spec: ArtSpec, rng: Rng): string {
  const c = spec.accent;
  let out = `<path d="M110 210 Q200 60 290 210" stroke="${shade(c, -0.2)}" stroke-width="12" fill="none"/>`;
  if (spec.extras?.includes('bottle')) out += bottle({ ...spec, accent: '#1c1c1c', variant: 'champagne' }, rng, 240, 0.62);
  if (spec.flowers?.length) out += bloomDome(spec, rng, 160, 190, 70, 6);
  if (spec.extras?.includes('chocolate')) out += `<rect x="170" y="170" width="70" height="50" rx="4" fill="#5a3311" transform="rotate(-8 205 195)"/>`;
  out += `<path d="M96 210 L304 210 L284 364 L116 364Z" fill="${c}"/>`;
  for (let y = 226; y < 360; y += 16) out += `<path d="M${n(100 + (y - 210) * 0.13)} ${y} L${n(300 - (y - 210) * 0.13)} ${y}" stroke="${shade(c, -0.2)}" stroke-width="3"/>`;
  for (let x = 112; x < 300; x += 18) out += `<path d="M${x} 212 L${n(x + (200 - x) * 0.1)} 362" stroke="${shade(c, 0.15)}" stroke-width="2"/>`;
  return `${out}${bow(200, 210, '#b3123a', 0.9)}`;
}

function giftbox(spec: ArtSpec): string {
  const c = spec.accent;
  const ribbon = spec.palette[0] ?? '#d4af37';
  return `<rect x="100" y="200" width="200" height="160" fill="${c}"/><rect x="88" y="170" width="224" height="44" fill="${shade(c, -0.15)}"/><rect x="186" y="170" width="28" height="190" fill="${ribbon}"/><rect x="100" y="260" width="200" height="22" fill="${ribbon}" opacity=".9"/>${bow(200, 168, ribbon, 1.3)}<path d="M280 230 L320 250 L312 276 L272 258Z" fill="#fbf7f0" stroke="#c9b79c"/><circle cx="282" cy="240" r="3" fill="#c9b79c"/>`;
}

function bundle(spec: ArtSpec, rng: Rng): string {
  const extra = spec.extras?.[0] ?? 'teddy';
  let side = '';
  switch (extra) {
    case 'teddy': side = teddy({ ...spec, palette: ['#c89b6d'], accent: '#b3123a' }, rng, 300, 268, 0.55); break;
    case 'bottle': side = bottle({ ...spec, accent: '#1c1c1c', variant: 'champagne' }, rng, 305, 0.7); break;
    case 'chocolate': side = `<g transform="translate(210 150) scale(.5)">${chocolate({ ...spec, accent: '#5a1a2a', palette: ['#5a3311', '#7b4a21', '#d9b48a'] }, rng)}</g>`; break;
    case 'cake': side = `<g transform="translate(200 170) scale(.52)">${cake({ ...spec, palette: ['#f8d7e3', '#f3e2c7', '#b3123a'], variant: 'tall', flowers: [] }, rng)}</g>`; break;
    case 'balloons': side = balloons({ ...spec, variant: 'heart' }, rng, 300, 340, 0.62); break;
    case 'candle': side = candle({ ...spec, palette: ['#f6efe0'], accent: '#2e3a87' }, rng, 310, 0.5); break;
    case 'perfume': side = `<g transform="translate(215 170) scale(.55)">${perfume({ ...spec, palette: ['#f2c14e'], accent: '#1c1c1c' }, rng)}</g>`; break;
  }
  return `<g transform="translate(-46 10) scale(.92)">${bouquet(spec, rng)}</g>${side}`;
}

/** A faint adire (indigo resist-dye) motif in the corner: the brand's signature on every picture. */
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

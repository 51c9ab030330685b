/** One flower of each shape, and a dome of blooms and a bow built from them. */
import type { ArtSpec, FlowerShape, Rng } from './spec';
import { shade, n, pick, leaf, eucalyptus } from './svg';

// ---------- flowers ----------
export function rose(r: number, c: string, rot: number): string {
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

export function lily(r: number, c: string, rot: number): string {
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

export function gerbera(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 22; i++) {
    const a = (i * 360) / 22 + rot;
    out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * 0.58)}" rx="${n(r * 0.13)}" ry="${n(r * 0.42)}" fill="${i % 2 ? c : shade(c, 0.12)}"/>`;
  }
  return `${out}<circle r="${n(r * 0.32)}" fill="#e8c547"/><circle r="${n(r * 0.22)}" fill="#4a2c17"/>`;
}

export function sunflower(r: number, _c: string, rot: number): string {
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

export function chrysanthemum(r: number, c: string, rot: number): string {
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

export function carnation(r: number, c: string, rot: number): string {
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

export function millionstar(r: number, c: string, rot: number, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 16; i++) {
    const a = rng() * Math.PI * 2 + rot;
    const rr = Math.sqrt(rng()) * r;
    out += `<circle cx="${n(Math.cos(a) * rr)}" cy="${n(Math.sin(a) * rr)}" r="${n(2.2 + rng() * 2.2)}" fill="${shade(c, 0.2)}" stroke="${shade(c, -0.15)}" stroke-width=".5"/>`;
  }
  return out;
}

export function tulip(r: number, c: string): string {
  return `<path d="M${n(-r * 0.55)} ${n(-r * 0.35)} Q${n(-r * 0.65)} ${n(r * 0.55)} 0 ${n(r * 0.62)} Q${n(r * 0.65)} ${n(r * 0.55)} ${n(r * 0.55)} ${n(-r * 0.35)} L${n(r * 0.26)} ${n(-r * 0.05)} L0 ${n(-r * 0.5)} L${n(-r * 0.26)} ${n(-r * 0.05)}Z" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="1.2"/><path d="M0 ${n(-r * 0.45)} Q${n(-r * 0.1)} ${n(r * 0.2)} 0 ${n(r * 0.6)}" stroke="${shade(c, -0.18)}" fill="none" stroke-width="1.2"/>`;
}

export function orchid(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = i * 72 + rot;
    const big = i % 2 === 0;
    out += `<ellipse transform="rotate(${n(a)})" cx="0" cy="${n(-r * 0.45)}" rx="${n(r * (big ? 0.34 : 0.22))}" ry="${n(r * 0.48)}" fill="${shade(c, big ? 0.1 : 0)}" stroke="${shade(c, -0.2)}" stroke-width=".8"/>`;
  }
  return `${out}<ellipse cy="${n(r * 0.15)}" rx="${n(r * 0.2)}" ry="${n(r * 0.26)}" fill="${shade(c, -0.35)}"/><circle r="${n(r * 0.08)}" fill="#f6e27a"/>`;
}

export function hydrangea(r: number, c: string, rng: Rng): string {
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

export function alstroemeria(r: number, c: string, rot: number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const a = i * 60 + rot;
    out += `<g transform="rotate(${n(a)})"><ellipse cy="${n(-r * 0.42)}" rx="${n(r * 0.22)}" ry="${n(r * 0.44)}" fill="${i % 2 ? c : shade(c, 0.18)}"/>`;
    if (i % 2) out += `<path d="M-2 ${n(-r * 0.35)} L-1 ${n(-r * 0.6)} M2 ${n(-r * 0.35)} L1 ${n(-r * 0.58)}" stroke="#5a2a1a" stroke-width="1"/>`;
    out += '</g>';
  }
  return `${out}<circle r="${n(r * 0.12)}" fill="#f3d36b"/>`;
}

export function calla(r: number, c: string, rot: number): string {
  return `<g transform="rotate(${n(rot * 0.2)})"><path d="M0 ${n(r * 0.75)} C${n(-r * 0.45)} ${n(r * 0.2)} ${n(-r * 0.7)} ${n(-r * 0.55)} ${n(-r * 0.1)} ${n(-r * 0.75)} C${n(r * 0.5)} ${n(-r * 0.9)} ${n(r * 0.62)} ${n(-r * 0.2)} 0 ${n(r * 0.75)}Z" fill="${c}" stroke="${shade(c, -0.2)}" stroke-width="1.2"/><path d="M0 ${n(r * 0.2)} L${n(-r * 0.05)} ${n(-r * 0.45)}" stroke="#e9b920" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/></g>`;
}

export function flower(shape: FlowerShape, x: number, y: number, r: number, c: string, rng: Rng): string {
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
export function bloomDome(spec: ArtSpec, rng: Rng, cx: number, cy: number, radius: number, count: number, squash = 0.82): string {
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
export function bow(x: number, y: number, colour: string, scale = 1): string {
  const d = shade(colour, -0.25);
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})"><path d="M0 0 C-30 -26 -46 4 -4 4Z" fill="${colour}" stroke="${d}"/><path d="M0 0 C30 -26 46 4 4 4Z" fill="${colour}" stroke="${d}"/><path d="M-3 3 L-18 40 L-8 36 L-2 44Z" fill="${colour}"/><path d="M3 3 L18 40 L8 36 L2 44Z" fill="${d}"/><circle r="6" fill="${d}"/></g>`;
}

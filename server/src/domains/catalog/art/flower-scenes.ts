/** Scenes of flowers: bouquet, vase, hat box, dome, wreath, cascade, boutonniere, centerpiece, dried. */
import type { ArtSpec, FlowerShape, Rng } from './spec';
import { shade, n, pick, leaf } from './svg';
import { rose, lily, millionstar, flower, bloomDome, bow } from './flowers';

export function bouquet(spec: ArtSpec, rng: Rng): string {
  const wrap = spec.accent;
  const stems = Array.from({ length: 7 }, (_, i) => `<path d="M${185 + i * 5} 300 L${n(178 + i * 7 + (rng() - 0.5) * 6)} 382" stroke="#4b7a3f" stroke-width="4"/>`).join('');
  const back = `<path d="M92 118 L200 330 L308 118 Q200 70 92 118Z" fill="${shade(wrap, -0.08)}"/>`;
  const front = `<path d="M112 212 L200 336 L288 212 L250 236 L200 214 L150 236Z" fill="${wrap}" stroke="${shade(wrap, -0.2)}" stroke-width="1.5"/><path d="M200 214 L200 336" stroke="${shade(wrap, -0.15)}" stroke-width="1"/>`;
  return `${stems}${back}${bloomDome(spec, rng, 200, 168, 118, 9 + Math.floor(rng() * 5))}${front}${bow(200, 300, shade(wrap, -0.35))}`;
}

export function vase(spec: ArtSpec, rng: Rng): string {
  const glass = `<path d="M150 250 Q140 250 146 270 L160 372 Q200 384 240 372 L254 270 Q260 250 250 250Z" fill="#dcedf0" fill-opacity=".55" stroke="#9fc3c9" stroke-width="2"/><path d="M154 292 Q200 300 246 292 L240 372 Q200 382 160 372Z" fill="#b9dce2" fill-opacity=".5"/>`;
  const stems = Array.from({ length: 6 }, (_, i) => `<path d="M${170 + i * 12} 250 L${n(186 + i * 6)} 368" stroke="#4b7a3f" stroke-width="3" opacity=".75"/>`).join('');
  const shine = '<path d="M164 268 L172 360" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity=".6"/>';
  return `${stems}${bloomDome(spec, rng, 200, 182, 112, 9 + Math.floor(rng() * 5))}${glass}${shine}`;
}

export function hatbox(spec: ArtSpec, rng: Rng, heart = false): string {
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

export function dome(spec: ArtSpec, rng: Rng): string {
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

export function wreath(spec: ArtSpec, rng: Rng): string {
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

export function cascade(spec: ArtSpec, rng: Rng): string {
  let out = '<path d="M190 230 L200 300 L210 230Z" fill="#e9e3d4"/>';
  for (let i = 0; i < 7; i++) out += leaf(200 + (rng() - 0.5) * 40, 250 + i * 18, 50, 70 + (rng() - 0.5) * 60, '#4f7d4a');
  out += bloomDome(spec, rng, 200, 170, 100, 10);
  const shapes = spec.flowers?.length ? spec.flowers : (['rose'] as FlowerShape[]);
  for (let i = 0; i < 6; i++) out += flower(shapes[i % shapes.length]!, 200 + Math.sin(i) * 18, 250 + i * 22, 22 - i * 1.8, spec.palette[i % spec.palette.length]!, rng);
  return out;
}

export function boutonniere(spec: ArtSpec, rng: Rng): string {
  const c = spec.palette[0] ?? '#f4f1ea';
  return `<path d="M200 250 L236 366" stroke="#3f6b3f" stroke-width="9" stroke-linecap="round"/><path d="M206 270 L226 336" stroke="${spec.accent}" stroke-width="14" stroke-linecap="round"/>${leaf(206, 246, 70, 150, '#4f7d4a')}${leaf(208, 244, 66, 30, '#5d8c57')}${leaf(204, 240, 60, 95, '#3f6b3f')}${flower('millionstar', 172, 200, 30, '#ffffff', rng)}${flower(spec.flowers?.[0] ?? 'rose', 206, 200, 56, c, rng)}<path d="M150 330 L262 300" stroke="#b9b9b9" stroke-width="3"/><circle cx="150" cy="330" r="7" fill="#f8f4ea" stroke="#d9d2c2"/>`;
}

export function centerpiece(spec: ArtSpec, rng: Rng): string {
  const trough = `<rect x="80" y="300" width="240" height="46" rx="10" fill="${spec.accent}"/><rect x="80" y="300" width="240" height="10" rx="5" fill="${shade(spec.accent, 0.2)}"/>`;
  const candle = (x: number) => `<rect x="${x - 7}" y="150" width="14" height="150" rx="3" fill="#f6efe0"/><path d="M${x} 128 Q${x + 9} 142 ${x} 150 Q${x - 9} 142 ${x} 128Z" fill="#f7a531"/><circle cx="${x}" cy="142" r="18" fill="#ffd27a" opacity=".25"/>`;
  return `${candle(120)}${candle(280)}${bloomDome(spec, rng, 200, 266, 120, 12, 0.38)}${trough}`;
}

export function dried(spec: ArtSpec, rng: Rng): string {
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

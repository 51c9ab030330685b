/** Scenes of gifts: chocolates, cakes, teddies, balloons, bottles, perfume, candles, plants, hampers, bundles. */
import type { ArtSpec, Rng } from './spec';
import { shade, n, pick, leaf } from './svg';
import { rose, lily, orchid, calla, flower, bloomDome, bow } from './flowers';
import { bouquet } from './flower-scenes';

export function chocolate(spec: ArtSpec, rng: Rng): string {
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

export function cake(spec: ArtSpec, rng: Rng): string {
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

export function cupcakes(spec: ArtSpec, rng: Rng): string {
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

export function teddy(spec: ArtSpec, _rng: Rng, cx = 200, cy = 230, s = 1): string {
  const fur = spec.palette[0] ?? '#c89b6d';
  const dark = shade(fur, -0.22);
  const light = shade(fur, 0.35);
  return `<g transform="translate(${cx} ${cy}) scale(${s})"><ellipse cx="-58" cy="110" rx="34" ry="26" fill="${dark}"/><ellipse cx="58" cy="110" rx="34" ry="26" fill="${dark}"/><ellipse cx="-58" cy="112" rx="18" ry="14" fill="${light}"/><ellipse cx="58" cy="112" rx="18" ry="14" fill="${light}"/><ellipse cx="0" cy="60" rx="70" ry="72" fill="${fur}"/><ellipse cx="0" cy="70" rx="40" ry="44" fill="${light}"/><ellipse cx="-74" cy="38" rx="22" ry="38" fill="${fur}" transform="rotate(25 -74 38)"/><ellipse cx="74" cy="38" rx="22" ry="38" fill="${fur}" transform="rotate(-25 74 38)"/><circle cx="-46" cy="-82" r="24" fill="${fur}"/><circle cx="46" cy="-82" r="24" fill="${fur}"/><circle cx="-46" cy="-82" r="12" fill="${light}"/><circle cx="46" cy="-82" r="12" fill="${light}"/><circle cx="0" cy="-40" r="62" fill="${fur}"/><ellipse cx="0" cy="-22" rx="28" ry="22" fill="${light}"/><ellipse cx="0" cy="-32" rx="9" ry="7" fill="#2b1a12"/><path d="M0 -25 Q0 -14 -8 -12 M0 -25 Q0 -14 8 -12" stroke="#2b1a12" stroke-width="2.4" fill="none"/><circle cx="-22" cy="-56" r="6" fill="#2b1a12"/><circle cx="22" cy="-56" r="6" fill="#2b1a12"/><circle cx="-20" cy="-58" r="1.8" fill="#fff"/><circle cx="24" cy="-58" r="1.8" fill="#fff"/>${spec.variant === 'heart' ? `<path d="M0 78 C-30 52 -40 30 -22 20 C-10 14 0 24 0 30 C0 24 10 14 22 20 C40 30 30 52 0 78Z" fill="#d7263d"/>` : ''}${bow(0, 6, spec.accent, 0.8)}</g>`;
}

export function balloons(spec: ArtSpec, rng: Rng, cx = 200, baseY = 360, s = 1): string {
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

export function bottle(spec: ArtSpec, _rng: Rng, cx = 180, s = 1): string {
  const kind = spec.variant ?? 'champagne';
  const glass = kind === 'white' || kind === 'rose' ? (kind === 'rose' ? '#f3b3b8' : '#d8dfa8') : kind === 'red' ? '#3b0f1c' : '#1f3a2a';
  const foil = kind === 'champagne' ? '#d4af37' : shade(spec.accent, -0.2);
  const b = `<g transform="translate(${cx} 0) scale(${s}) translate(-180 ${(1 - s) * 380 / s})"><path d="M164 70 L196 70 L196 150 Q236 176 236 226 L236 362 Q180 376 124 362 L124 226 Q124 176 164 150Z" fill="${glass}"/><path d="M162 60 L198 60 L198 150 Q206 156 212 162 L148 162 Q154 156 162 150Z" fill="${foil}"/><rect x="130" y="232" width="100" height="84" rx="6" fill="${spec.accent}"/><rect x="138" y="240" width="84" height="68" rx="4" fill="none" stroke="${shade(spec.accent, 0.55)}" stroke-width="1.5"/><text x="180" y="280" text-anchor="middle" font-family="Georgia, serif" font-size="15" fill="${shade(spec.accent, 0.8)}">${kind === 'champagne' ? 'BRUT' : 'VIN'}</text><path d="M138 190 Q134 260 140 340" stroke="#ffffff" stroke-width="6" opacity=".25" fill="none" stroke-linecap="round"/></g>`;
  return b;
}

export function flute(x: number, liquid: string): string {
  return `<path d="M${x - 16} 230 L${x + 16} 230 L${x + 12} 310 Q${x} 318 ${x - 12} 310Z" fill="#eef6f7" fill-opacity=".5" stroke="#b8ccd0" stroke-width="2"/><path d="M${x - 14} 252 L${x + 14} 252 L${x + 11} 308 Q${x} 314 ${x - 11} 308Z" fill="${liquid}" opacity=".8"/><path d="M${x} 316 L${x} 360 M${x - 18} 362 L${x + 18} 362" stroke="#b8ccd0" stroke-width="3"/><circle cx="${x - 3}" cy="290" r="2" fill="#fff"/><circle cx="${x + 4}" cy="275" r="1.6" fill="#fff"/>`;
}

export function perfume(spec: ArtSpec, rng: Rng): string {
  const liquid = spec.palette[0] ?? '#f2c14e';
  const cap = spec.accent;
  const faceted = rng() < 0.5;
  const boxBehind = `<rect x="214" y="170" width="110" height="190" rx="4" fill="${shade(cap, 0.55)}"/><rect x="214" y="170" width="110" height="26" fill="${shade(cap, 0.35)}"/>`;
  const body = faceted
    ? `<path d="M110 200 L230 200 L250 260 L230 360 L110 360 L90 260Z" fill="${liquid}" fill-opacity=".85" stroke="${shade(liquid, -0.3)}" stroke-width="2"/><path d="M110 200 L130 260 L110 360 M230 200 L210 260 L230 360 M130 260 L210 260" stroke="#ffffff" stroke-opacity=".45" fill="none"/>`
    : `<rect x="96" y="196" width="148" height="166" rx="36" fill="${liquid}" fill-opacity=".85" stroke="${shade(liquid, -0.3)}" stroke-width="2"/><path d="M118 220 Q110 290 122 340" stroke="#ffffff" stroke-width="8" opacity=".4" fill="none" stroke-linecap="round"/>`;
  return `${boxBehind}${body}<rect x="152" y="176" width="36" height="24" fill="#c9c9c9"/><rect x="138" y="118" width="64" height="60" rx="${faceted ? 4 : 18}" fill="${cap}"/><rect x="128" y="268" width="84" height="34" rx="3" fill="#ffffff" opacity=".75"/><text x="170" y="290" text-anchor="middle" font-family="Georgia, serif" font-size="13" fill="#333">PARFUM</text>`;
}

export function candle(spec: ArtSpec, _rng: Rng, cx = 200, s = 1): string {
  const wax = spec.palette[0] ?? '#f6efe0';
  const jar = spec.accent;
  return `<g transform="translate(${cx} 0) scale(${s}) translate(-200 ${(1 - s) * 370 / s})"><circle cx="200" cy="150" r="60" fill="#ffd27a" opacity=".18"/><path d="M200 112 Q214 136 200 156 Q186 136 200 112Z" fill="#f7a531"/><path d="M200 128 Q206 140 200 152 Q194 140 200 128Z" fill="#fff3b0"/><path d="M200 156 L200 176" stroke="#333" stroke-width="3"/><rect x="120" y="170" width="160" height="190" rx="22" fill="${jar}" fill-opacity=".85"/><rect x="130" y="176" width="140" height="30" rx="12" fill="${wax}"/><rect x="136" y="244" width="128" height="66" rx="4" fill="#fbf7f0"/><text x="200" y="274" text-anchor="middle" font-family="Georgia, serif" font-size="14" fill="#3a2f2a">ADIRE</text><text x="200" y="294" text-anchor="middle" font-family="Georgia, serif" font-size="9" letter-spacing="2" fill="#6b5e57">SCENTED</text><path d="M136 190 Q130 270 140 340" stroke="#fff" stroke-width="6" opacity=".3" fill="none" stroke-linecap="round"/></g>`;
}

export function plant(spec: ArtSpec, rng: Rng): string {
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

export function hamper(spec: ArtSpec, rng: Rng): string {
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

export function giftbox(spec: ArtSpec): string {
  const c = spec.accent;
  const ribbon = spec.palette[0] ?? '#d4af37';
  return `<rect x="100" y="200" width="200" height="160" fill="${c}"/><rect x="88" y="170" width="224" height="44" fill="${shade(c, -0.15)}"/><rect x="186" y="170" width="28" height="190" fill="${ribbon}"/><rect x="100" y="260" width="200" height="22" fill="${ribbon}" opacity=".9"/>${bow(200, 168, ribbon, 1.3)}<path d="M280 230 L320 250 L312 276 L272 258Z" fill="#fbf7f0" stroke="#c9b79c"/><circle cx="282" cy="240" r="3" fill="#c9b79c"/>`;
}

export function bundle(spec: ArtSpec, rng: Rng): string {
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

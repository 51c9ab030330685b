/** Small SVG helpers shared by every drawing: colour shades, numbers, escaping, leaves. */
import type { Rng } from './spec';

// ---------- colour helpers ----------
export function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}
export function parseHex(hex: string): [number, number, number] {
  const h = /^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : 'cc3355';
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
/** amount > 0 lightens towards white, < 0 darkens towards black. */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = parseHex(hex);
  const f = (c: number) => (amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  return `#${[r, g, b].map((c) => clamp(f(c)).toString(16).padStart(2, '0')).join('')}`;
}

export const n = (v: number) => (Math.round(v * 10) / 10).toString();
export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------- foliage ----------
export function leaf(x: number, y: number, len: number, angle: number, colour: string): string {
  const w = len * 0.32;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0 0 Q${n(len * 0.45)} ${n(-w)} ${n(len)} 0 Q${n(len * 0.45)} ${n(w)} 0 0Z" fill="${colour}"/><path d="M0 0 L${n(len * 0.9)} 0" stroke="${shade(colour, -0.3)}" stroke-width="1.2" opacity=".6"/></g>`;
}

export function eucalyptus(x: number, y: number, len: number, angle: number): string {
  let out = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M0 0 L${n(len)} 0" stroke="#6f8f7a" stroke-width="2"/>`;
  for (let i = 1; i < 6; i++) {
    const px = (len * i) / 6;
    out += `<circle cx="${n(px)}" cy="-7" r="7" fill="#9db8a5"/><circle cx="${n(px + 6)}" cy="7" r="6.5" fill="#8aab94"/>`;
  }
  return `${out}</g>`;
}

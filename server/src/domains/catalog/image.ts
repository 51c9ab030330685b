/** A deterministic bouquet picture per product, until real photos are dropped in. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const PALETTES = [
  ['#b3123a', '#e63b5a', '#f7a1b5'],
  ['#f28c28', '#ffc145', '#ffe3a3'],
  ['#f4f1ea', '#e8d8c4', '#c9b79c'],
  ['#d6457f', '#f58bb4', '#fcd3e3'],
  ['#6a2c91', '#a56cc1', '#dcc6ec'],
  ['#c0392b', '#e74c3c', '#fadbd8'],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function productSvg(slug: string, label: string): string {
  const h = hash(slug);
  const palette = PALETTES[h % PALETTES.length]!;
  const blooms: string[] = [];
  const count = 7 + (h % 6);
  for (let i = 0; i < count; i++) {
    const a = ((h >> (i % 24)) % 360) * (Math.PI / 180) + i;
    const r = 40 + ((h >> i) % 60);
    const cx = 200 + Math.cos(a) * r;
    const cy = 170 + Math.sin(a) * r * 0.8;
    const size = 26 + ((h >> (i + 3)) % 18);
    const colour = palette[i % palette.length];
    blooms.push(
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${size}" fill="${colour}"/>` +
        `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(size / 3).toFixed(1)}" fill="#00000022"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(label)}">
<rect width="400" height="400" fill="#fbf7f2"/>
<path d="M170 260 L200 390 L230 260 Z" fill="#3d7a4a"/>
<path d="M120 250 Q200 330 280 250 L250 380 L150 380 Z" fill="${palette[2]}" opacity="0.9"/>
${blooms.join('\n')}
</svg>`;
}

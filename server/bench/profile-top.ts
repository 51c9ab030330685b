/**
 * The functions a V8 CPU profile (from BENCH_PROFILE=<dir>) spent its time in, by self time, as a
 * Markdown table — what BENCHMARKS.md quotes for "where the time goes".
 *
 *   node --import tsx bench/profile-top.ts <file.cpuprofile> [how many, 25]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const [file, many = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [how many]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
for (const id of profile.samples) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const where = url ? ` (${url.split('/').slice(-2).join('/')}:${lineNumber + 1})` : '';
  const name = `${functionName || '(anonymous)'}${where}`;
  self.set(name, (self.get(name) ?? 0) + 1);
}
const busy = profile.samples.length - (self.get('(idle)') ?? 0);
console.log(`${file}: ${profile.samples.length} samples, ${busy} not idle\n`);
console.log('| self, % of busy | function |\n|---:|:---|');
for (const [name, count] of [...self].filter(([n]) => n !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, Number(many))) {
  console.log(`| ${((100 * count) / busy).toFixed(1)} | ${name.replaceAll('|', '\\|')} |`);
}

// Usage: node scripts/unit-sizes.mjs server/src — files over 400 lines (migrations and generated schema
// types aside) and functions over 80 lines, read from the TypeScript AST (issue 30, item 5).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');
const root = process.argv[2];
const files = [];
(function walk(d) { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else if (/\.tsx?$/.test(n)) files.push(p); } })(root);
const skip = (p) => /db\/migrations\/|db\/schema\.ts$/.test(p);
const bigFiles = []; const fns = [];
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > 400 && !skip(f)) bigFiles.push([lines, relative(root, f)]);
  if (skip(f)) continue;
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const a = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const b = sf.getLineAndCharacterOfPosition(node.end).line;
      let name = node.name?.getText?.(sf) ?? (node.parent && ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : (node.parent && ts.isPropertyAssignment(node.parent) ? node.parent.name.getText(sf) : '<anon>'));
      fns.push([b - a + 1, `${relative(root, f)}:${a + 1} ${name}`]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
bigFiles.sort((x, y) => y[0] - x[0]); fns.sort((x, y) => y[0] - x[0]);
console.log(`files over 400 lines: ${bigFiles.length}`); for (const [n, f] of bigFiles) console.log(`  ${n}  ${f}`);
const over = fns.filter(([n]) => n > 80);
console.log(`functions over 80 lines: ${over.length}; longest: ${fns[0]?.[0]} (${fns[0]?.[1]})`); for (const [n, f] of over) console.log(`  ${n}  ${f}`);

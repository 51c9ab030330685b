import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The back office speaks through the contracts (issue 30, item 4): every answer it reads and every body
 * it sends is typed by @adire/contracts, never by a shape copied here. Read from the source: each call
 * of `staffApi` names its types, and each of them is imported from '@adire/contracts' in its file. (A
 * body sent without naming its type does not compile: staffApi's body type has no default but `never`.)
 */
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

/** The names a file imports from @adire/contracts (as used in the file: `X as Y` gives Y). */
function contractNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@adire\/contracts'/g)) {
    for (const part of list!.split(',')) {
      const name = part.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+/).at(-1)!.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** Every `staffApi.get<…>(`, `.post<…>(` and `.put<…>(` of a file: the call and the types it names. */
function staffCalls(source: string): { call: string; types: string[] }[] {
  return [...source.matchAll(/staffApi\s*\.\s*(get|post|put)\s*(<([^()]*?)>)?\s*\(/g)].map((m) => ({
    call: m[0],
    types: (m[3] ?? '').match(/[A-Za-z_]\w*/g) ?? [],
  }));
}

describe('the back office reads and sends only the contracts’ shapes', () => {
  const sources = files(SRC).map((file) => ({ file: path.relative(SRC, file), source: fs.readFileSync(file, 'utf8') }));

  it('every staffApi call names its answer type, and each type it names is imported from @adire/contracts', () => {
    const calls = sources.flatMap(({ file, source }) => staffCalls(source).map((c) => ({ file, ...c, known: contractNames(source) })));
    expect(calls.length).toBeGreaterThan(25);
    for (const { file, call, types, known } of calls) {
      expect(types.length, `${file}: ${call} names no answer type`).toBeGreaterThan(0);
      for (const type of types) expect(known.has(type), `${file}: ${call} uses ${type}, not a type of @adire/contracts`).toBe(true);
    }
  });

  it('no back-office file declares an API path of its own: they are BACKOFFICE_PATHS', () => {
    for (const { file, source } of sources) expect(source, file).not.toMatch(/['`]\/v1\/backoffice/);
  });
});

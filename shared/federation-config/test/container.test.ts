import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { providedNow, SHARE_SCOPES_GLOBAL, type RemoteContainer } from '@adire/contracts/shares';
import { shareContainer, sourceExports } from '../src/container';

const fixture = path.join(import.meta.dirname, 'fixture-remote');

/** The fixture remote built with the container plugin, `greeting-lib` shared at ^2.0.0. */
async function buildFixture(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'adire-container-'));
  await build({
    root: fixture,
    logLevel: 'silent',
    configFile: false,
    plugins: [
      // Where the installed library would be (after the container's plugin, which runs first).
      { name: 'greeting-lib', resolveId: (id: string) => (id === 'greeting-lib' ? path.join(fixture, 'src/greeting.ts') : null) },
      shareContainer({
        name: 'fixture',
        entryFile: 'release/remoteEntry.js',
        exposes: { './lifecycles': './src/lifecycles.ts' },
        shared: [{ id: 'greeting-lib', range: '^2.0.0', names: ['default', 'who'] }],
      }),
    ],
    build: { outDir, minify: false, modulePreload: false },
  });
  return outDir;
}

async function loadContainer(outDir: string, attempt: number): Promise<RemoteContainer> {
  return (await import(`${pathToFileURL(path.join(outDir, 'release/remoteEntry.js')).href}?attempt=${attempt}`)) as RemoteContainer;
}

describe('a remote built as a container', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await buildFixture();
  }, 60_000);

  it('writes an entry that imports nothing, so none of the remote runs before init', () => {
    const entry = readFileSync(path.join(outDir, 'release/remoteEntry.js'), 'utf8');
    expect(entry).not.toMatch(/^\s*import\s/m);
    expect(entry).toMatch(/export\s*\{[^}]*\bget\b[^}]*\binit\b|export\s*\{[^}]*\binit\b[^}]*\bget\b/);
  });

  it("gives the exposed module the shell's library when its version is in range", async () => {
    const shells = { who: 'the shell', default: (name: string) => `hello ${name} from the shell` };
    const container = await loadContainer(outDir, 1);
    await container.init({ 'greeting-lib': { '2.3.0': providedNow(shells, 'shell') } });
    const lifecycles = (await container.get('./lifecycles'))() as { mount: () => string; source: string };
    expect(lifecycles.mount()).toBe('hello shop from the shell');
    expect(lifecycles.source).toBe('the shell');
  });

  it('takes its own copy, with a warning, when the shell offers no version in range', async () => {
    // A fresh copy of the build: a module already evaluated keeps the library it got.
    const again = await buildFixture();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const container = await loadContainer(again, 2);
    await container.init({ 'greeting-lib': { '1.9.0': providedNow({ who: 'an old shell' }, 'shell') } });
    const lifecycles = (await container.get('./lifecycles'))() as { mount: () => string; source: string };
    expect(lifecycles.source).toBe('the remote’s own copy');
    expect(lifecycles.mount()).toBe('hello shop from the remote’s own copy');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no greeting-lib in ^2.0.0'));
    warn.mockRestore();
    delete (globalThis as Record<string, unknown>)[SHARE_SCOPES_GLOBAL];
  }, 60_000);

  it('refuses a module it does not expose', async () => {
    const container = await loadContainer(outDir, 3);
    await expect(container.get('./nothing')).rejects.toThrow('fixture exposes no ./nothing');
  });

  it('keeps its own copy of the library as a file of its own, loaded only when needed', () => {
    const files = readdirSync(path.join(outDir, 'assets'));
    expect(files.some((file) => file.includes('adire-own'))).toBe(true);
  });
});

describe('sourceExports', () => {
  it("lists a TypeScript module's values, through export * and export { … } from, and leaves its types out", () => {
    const names = sourceExports(path.join(import.meta.dirname, '../../contracts/src/shares.ts'));
    expect([...names]).toEqual(expect.arrayContaining(['satisfies', 'pickShared', 'sharedModule', 'SHARE_SCOPES_GLOBAL', 'providedNow']));
    expect(names.has('ShareScope')).toBe(false);
    expect(names.has('SharedVersion')).toBe(false);
    const domain = sourceExports(path.join(import.meta.dirname, '../../domain/src/index.ts'));
    expect(domain.has('chooseCurrency')).toBe(true);
  });
});

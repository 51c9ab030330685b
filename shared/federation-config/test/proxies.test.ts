import { describe, expect, it } from 'vitest';
import { onceEach, readProxy, withoutProxy } from '../src/proxies';

describe('proxy files (rolldown/rolldown#9729)', () => {
  it('reads a file that only re-exports one beside it, and nothing else', () => {
    expect(readProxy('export{r as createRoot,o as default,i as hydrateRoot}from"./big-B1.js";')).toEqual({
      target: 'big-B1.js',
      exports: { createRoot: 'r', default: 'o', hydrateRoot: 'i' },
    });
    expect(readProxy("export { a } from './x.js';\n")).toEqual({ target: 'x.js', exports: { a: 'a' } });
    expect(readProxy('export{r as createRoot}from"./big.js";console.log(1)')).toBeNull();
    expect(readProxy('export{r as createRoot}from"../elsewhere/big.js";')).toBeNull();
    expect(readProxy('import"./a.js";export{r}from"./big.js";')).toBeNull();
    expect(readProxy('export*from"./big.js";')).toBeNull();
  });

  it("loads the target where the proxy was loaded and builds the proxy's namespace from it", async () => {
    const proxy = { target: 'big-B1.js', exports: { createRoot: 'r', default: 'o' } };
    const code = 'const a=()=>import(`./proxy-P1.js`),b=()=>import("./assets/proxy-P1.js");const deps=["./assets/proxy-P1.js","./assets/other.js"];';
    const out = withoutProxy(code, 'assets/proxy-P1.js', proxy);
    expect(out).not.toContain('proxy-P1.js');
    expect(out).toContain('import(`./big-B1.js`).then(');
    expect(out).toContain('import("./assets/big-B1.js").then(');
    expect(out).toContain('const deps=["./assets/big-B1.js","./assets/other.js"]');
    // The namespace the importer gets: the proxy's names, read from the target's.
    const namespace = await new Function('m', `const i=()=>Promise.resolve(m);return (${out.split('const a=')[1]!.split(',b=')[0]!.replace('import(`./big-B1.js`)', 'i()')})()`)({ r: 'root', o: 'dflt', z: 'not exported' });
    expect(Object.fromEntries(Object.entries(namespace))).toEqual({ createRoot: 'root', default: 'dflt' });
    expect(Object.prototype.toString.call(namespace)).toBe('[object Module]');
  });

  it('leaves a file that merely shares the name\'s ending alone', () => {
    const code = 'import(`./my-proxy-P1.js`);import(`./proxy-P1.jsx`)';
    expect(withoutProxy(code, 'assets/proxy-P1.js', { target: 'big.js', exports: { a: 'a' } })).toBe(code);
  });

  it('announces each file once in a page', () => {
    const html = '<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js"><link rel="modulepreload" crossorigin href="/assets/a.js">';
    expect(onceEach(html)).toBe('<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js">');
  });
});

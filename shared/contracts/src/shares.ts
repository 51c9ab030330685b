/**
 * How the shell hands its shared libraries to a remote (issue 42): Module Federation's container
 * protocol — the remote's entry exports `init(scope)` and `get(module)` — with a share scope the shell
 * fills itself, instead of the federation plugin's runtime and generated glue (about 40 KB and 11
 * files of a first visit). Used by the shell (which provides) and by every remote's entry (which picks).
 */

/** One version of a shared library: `get` resolves to a factory returning the module. */
export interface SharedVersion {
  get: () => Promise<() => unknown>;
  /** The app that provides it. */
  from: string;
}

/** Library name → its versions on offer (a singleton has one). */
export type ShareScope = Record<string, Record<string, SharedVersion>>;

/** What a remote's entry file (remoteEntry.js) exports. */
export interface RemoteContainer {
  init(scope: ShareScope): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function atLeast(a: Triple, b: Triple): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

/**
 * Whether `version` is in `range`: `^x.y.z` (same major — or, below 1.0.0, same minor — and at least
 * x.y.z), `~x.y.z` (same minor), `x.y.z` (exactly) or `*`. Pre-release tags are not compared.
 */
export function satisfies(version: string, range: string): boolean {
  const have = parse(version);
  if (!have) return false;
  const wanted = range.trim();
  if (wanted === '*' || wanted === '') return true;
  const kind = wanted[0] === '^' || wanted[0] === '~' ? wanted[0] : '=';
  const want = parse(kind === '=' ? wanted : wanted.slice(1));
  if (!want) return false;
  if (kind === '=') return have.every((n, i) => n === want[i]);
  if (!atLeast(have, want)) return false;
  if (kind === '~') return have[0] === want[0] && have[1] === want[1];
  if (want[0] > 0) return have[0] === want[0];
  return have[0] === 0 && (want[1] > 0 ? have[1] === want[1] : have[1] === 0 && have[2] === want[2]);
}

/** The highest version of `name` in the scope that `range` accepts, or undefined. */
export function pickShared(scope: ShareScope | undefined, name: string, range: string): SharedVersion | undefined {
  const versions = scope?.[name];
  if (!versions) return undefined;
  let best: { version: Triple; shared: SharedVersion } | undefined;
  for (const [version, shared] of Object.entries(versions)) {
    const parsed = parse(version);
    if (!parsed || !satisfies(version, range)) continue;
    if (!best || !atLeast(best.version, parsed)) best = { version: parsed, shared };
  }
  return best?.shared;
}

/** A library the providing app has already evaluated, as a shared version. */
export function providedNow(module: unknown, from: string): SharedVersion {
  const factory = () => module;
  return { get: () => Promise.resolve(factory), from };
}

/**
 * Where a remote's entry keeps the scope its `init` was given, by remote name: a global, so the entry
 * file imports nothing (its code is written by the build, container.ts) and a remote's code reads the
 * scope without importing the entry, whose address changes with each version and each retry.
 */
export const SHARE_SCOPES_GLOBAL = '__adireShareScopes';

function scopeOf(remote: string): ShareScope | undefined {
  return (globalThis as unknown as Record<string, Record<string, ShareScope> | undefined>)[SHARE_SCOPES_GLOBAL]?.[remote];
}

/**
 * A shared library for a remote's code: the shell's, when its version is in `range`; otherwise the
 * remote's own copy (`own`). A remote run without a shell (its standalone page) always takes its own;
 * a remote released ahead of the shell takes its own, with a warning, for a library whose new major
 * the shell lacks. The build turns each `import … from 'react'` in a remote into this, and the
 * container's `get` runs only after `init` has kept the scope.
 */
export async function sharedModule(remote: string, name: string, range: string, own: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const scope = scopeOf(remote);
  const picked = pickShared(scope, name, range);
  if (picked) return (await picked.get())() as Record<string, unknown>;
  if (scope) console.warn(`[shares] the shell offers ${remote} no ${name} in ${range}: it runs its own copy`);
  return (await own()) as Record<string, unknown>;
}

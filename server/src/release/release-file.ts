import { normalPath, plainSegments } from '../http/file-paths';
import { isReleaseTarget, SHARED_ASSETS, type ReleaseTarget } from './releases';

/**
 * The file of a release asked for by `/releases/<target>/<version>/<file>`, or by
 * `/releases/<target>/assets/<file>` (the shared layout's assets, any version's: `version` null); null
 * for anything a browser may not have (a release's server module, its record, a staging copy).
 */
export function releaseFileOf(url: string): { target: ReleaseTarget; version: string | null; file: string } | null {
  const path = normalPath(url);
  if (!path?.asAsked) return null;
  const [root, target, version, ...file] = path.segments;
  if (root !== 'releases' || !target || !isReleaseTarget(target) || !version || version.includes('.staging-')) return null;
  if (file.length === 0 || !plainSegments([version, ...file]) || file.some((part) => part.includes('.staging-'))) return null;
  if (version === SHARED_ASSETS) return { target, version: null, file: file.join('/') };
  if (file[0] === 'server' || (file.length === 1 && file[0] === 'release.json')) return null;
  return { target, version, file: file.join('/') };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as router from '../src/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APPS = ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-checkout'];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('@adire/router', () => {
  it('re-exports the routing the apps use', () => {
    for (const name of ['BrowserRouter', 'MemoryRouter', 'Routes', 'Route', 'Navigate', 'Link', 'useNavigate', 'useLocation', 'useParams', 'useSearchParams']) {
      expect(router[name as keyof typeof router], name).toBeTypeOf(name === 'Link' ? 'object' : 'function'); // Link is a forwardRef object;
    }
  });

  it('is the only way into react-router-dom: no app imports it directly (it would ship the whole router again)', () => {
    const offenders = APPS.flatMap((app) => ['src', 'test'].flatMap((dir) => sources(path.join(ROOT, app, dir))))
      .filter((file) => /from\s+['"]react-router(-dom)?['"]/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});

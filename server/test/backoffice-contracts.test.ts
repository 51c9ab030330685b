import { BACKOFFICE_API, BACKOFFICE_PATHS, MEMBER_ACTIONS } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/http/route-table';
import { startTestShop, type TestShop } from './helpers';

/**
 * The back office speaks through the contracts (issue 30, item 4): every route the server registers
 * under the back office's prefix is a path of @adire/contracts' BACKOFFICE_PATHS (where each path names
 * its answer and body types), and every path there is a route; a route added without its contract, or
 * a contract without its route, fails here.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
}, 60_000);
afterAll(() => shop?.close());

/** Each path of the contracts, with 'X1' for each part a path is given (and every member action). */
function contractPaths(): Set<string> {
  const urls = new Set<string>();
  for (const [name, path] of Object.entries(BACKOFFICE_PATHS)) {
    if (typeof path === 'string') urls.add(path);
    else if (name === 'member') for (const action of MEMBER_ACTIONS) urls.add(BACKOFFICE_PATHS.member('X1', action));
    // 'X1' for every part (a hold's release names a day and an order number).
    else urls.add((path as (...parts: string[]) => string)('X1', 'X1'));
  }
  return urls;
}

describe('the back office’s routes and the contracts’ paths', () => {
  it('are the same set: no route without its contract, no contract without its route', () => {
    const routes = routeTable(shop.app).filter((r) => r.url.startsWith(`${BACKOFFICE_API}/`) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);
    const served = new Set(routes.map((r) => r.url.replace(/:[A-Za-z]+/g, 'X1')));
    const declared = contractPaths();
    expect([...served].filter((url) => !declared.has(url)), 'routes without a path in BACKOFFICE_PATHS').toEqual([]);
    expect([...declared].filter((url) => !served.has(url)), 'paths in BACKOFFICE_PATHS without a route').toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { bestMatch, createPath, createSearchParams, matchPath, normalBasename, parsePath, resolvePath, stripBasename, withBasename } from '../src/path';

const at = (path: string) => ({ pathname: '/', search: '', hash: '', ...parsePath(path) });

describe('paths', () => {
  it('reads and writes a path with its query and fragment', () => {
    expect(parsePath('/a/b?c=1&d=2#e')).toEqual({ pathname: '/a/b', search: '?c=1&d=2', hash: '#e' });
    expect(parsePath('?page=2')).toEqual({ search: '?page=2' });
    expect(parsePath('#contact')).toEqual({ hash: '#contact' });
    expect(createPath({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it('resolves where a link leads from where the page is', () => {
    const here = at('/product-category/roses?sort=price#top');
    expect(resolvePath('/product/ruby', here)).toEqual({ pathname: '/product/ruby', search: '', hash: '' });
    expect(resolvePath('?page=2', here)).toEqual({ pathname: '/product-category/roses', search: '?page=2', hash: '' });
    expect(resolvePath('#contact', here)).toEqual({ pathname: '/product-category/roses', search: '?sort=price', hash: '#contact' });
    expect(resolvePath('lilies', here).pathname).toBe('/product-category/lilies');
    expect(resolvePath('../blog', here).pathname).toBe('/blog');
    expect(resolvePath({ search: '' }, here)).toEqual({ pathname: '/product-category/roses', search: '', hash: '' });
  });

  it('keeps a basename apart from the path under it', () => {
    expect(normalBasename('backoffice/')).toBe('/backoffice');
    expect(normalBasename('/')).toBe('');
    expect(stripBasename('/backoffice/orders/B1', '/backoffice')).toBe('/orders/B1');
    expect(stripBasename('/backoffice', '/backoffice')).toBe('/');
    expect(stripBasename('/backofficer', '/backoffice')).toBeNull();
    expect(stripBasename('/checkout', '')).toBe('/checkout');
    expect(withBasename('/backoffice', { pathname: '/', search: '?day=2026-02-14', hash: '' })).toBe('/backoffice?day=2026-02-14');
    expect(withBasename('/backoffice', { pathname: '/orders/B1', search: '', hash: '' })).toBe('/backoffice/orders/B1');
  });
});

describe('routes', () => {
  it('matches static, :param and * segments; a trailing slash and letter case do not matter', () => {
    expect(matchPath('/product/:slug', '/product/ruby-romance')).toEqual({ slug: 'ruby-romance' });
    expect(matchPath('/product/:slug', '/product/ruby-romance/')).toEqual({ slug: 'ruby-romance' });
    expect(matchPath('/product/:slug', '/Product/a%20b')).toEqual({ slug: 'a b' });
    expect(matchPath('/product/:slug', '/product')).toBeNull();
    expect(matchPath('/product/:slug', '/product/a/b')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/blog')).toBeNull();
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' });
    expect(matchPath('/days/:date/sheet', '/days/2026-02-14/sheet')).toEqual({ date: '2026-02-14' });
    expect(matchPath('/product/:slug', '/product/%E0%A4%A')).toEqual({ slug: '%E0%A4%A' }); // not decodable: kept as sent
  });

  it('chooses the most specific route, the first declared of equals', () => {
    const routes = [{ path: '/orders/:orderNumber', id: 'order' }, { path: '/orders/new', id: 'new' }, { path: '*', id: 'missing' }, { path: '/', id: 'board' }];
    expect(bestMatch(routes, '/orders/new')?.route.id).toBe('new');
    expect(bestMatch(routes, '/orders/AB-12')).toEqual({ route: routes[0], params: { orderNumber: 'AB-12' } });
    expect(bestMatch(routes, '/')?.route.id).toBe('board');
    expect(bestMatch(routes, '/staff')?.route.id).toBe('missing');
    expect(bestMatch(routes.slice(0, 2), '/staff')).toBeNull();
    expect(bestMatch([{ path: '/a/:x', id: 1 }, { path: '/a/:y', id: 2 }], '/a/b')?.route.id).toBe(1);
  });
});

describe('search params', () => {
  it('takes a string, pairs, URLSearchParams or an object whose arrays repeat a key', () => {
    expect(createSearchParams('?a=1').toString()).toBe('a=1');
    expect(createSearchParams([['a', '1'], ['a', '2']]).toString()).toBe('a=1&a=2');
    expect(createSearchParams({ colour: ['red', 'white'], sort: 'price' }).toString()).toBe('colour=red&colour=white&sort=price');
    expect(createSearchParams(new URLSearchParams('q=rose')).toString()).toBe('q=rose');
    expect(createSearchParams({}).toString()).toBe('');
  });
});

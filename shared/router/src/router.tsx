import {
  Children,
  createContext,
  forwardRef,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  bestMatch,
  createPath,
  createSearchParams,
  normalBasename,
  parsePath,
  resolvePath,
  stripBasename,
  withBasename,
  type Location,
  type Params,
  type Path,
  type SearchParamsInit,
  type To,
} from './path';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path (see `resolvePath`), or moves through the history by a number of entries (-1: back). */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

interface Router {
  /** Under the basename; null when the address is outside it (nothing is drawn then). */
  location: Location | null;
  basename: string;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);
const ParamsContext = createContext<Params>({});

function useRouter(hook: string): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} is used outside a <BrowserRouter> or <MemoryRouter>`);
  return router;
}

/** The history entry's own state, as this router (and react-router before it) writes it. */
interface EntryState {
  usr?: unknown;
  key?: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function readBrowserLocation(basename: string): Location | null {
  const { pathname, search, hash } = window.location;
  const under = stripBasename(pathname, basename);
  if (under === null) return null;
  const entry = (window.history.state ?? {}) as EntryState;
  return { pathname: under, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

const sameLocation = (a: Location | null, b: Location | null) =>
  a === b || (!!a && !!b && a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash);

/**
 * The router of a page in the browser: the address bar's location, kept in step with it. Every app on
 * the page has its own (each is its own React root), so a navigation by any of them — or by the
 * shell through single-spa, which sends a popstate for every change of address — reaches all of them
 * through the window's popstate. Updates are transitions, so a page still loading keeps the one before
 * it on screen instead of a fallback.
 */
export function BrowserRouter({ basename, children }: { basename?: string; children?: ReactNode }) {
  const base = normalBasename(basename);
  const [location, setLocation] = useState(() => readBrowserLocation(base));
  const follow = useCallback(() => {
    const next = readBrowserLocation(base);
    startTransition(() => setLocation((current) => (sameLocation(current, next) ? current : next)));
  }, [base]);

  useLayoutEffect(() => {
    window.addEventListener('popstate', follow);
    follow(); // an address changed between the first render and now
    return () => window.removeEventListener('popstate', follow);
  }, [follow]);

  const navigate = useCallback<NavigateFunction>(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const current = readBrowserLocation(base) ?? { pathname: '/', search: '', hash: '' };
      const url = withBasename(base, resolvePath(to, current));
      const entry: EntryState = { usr: options.state ?? null, key: newKey() };
      if (options.replace) window.history.replaceState(entry, '', url);
      else window.history.pushState(entry, '', url);
      follow();
    },
    [base, follow],
  ) as NavigateFunction;

  const router = useMemo(() => ({ location, basename: base, navigate }), [location, base, navigate]);
  return <RouterContext.Provider value={router}>{location ? children : null}</RouterContext.Provider>;
}

/**
 * A router that keeps its history in memory: the server draws a page at its address with it, and
 * tests render a page at a chosen address.
 */
export function MemoryRouter({
  initialEntries = ['/'],
  initialIndex,
  basename,
  children,
}: {
  initialEntries?: ReadonlyArray<string | (Partial<Path> & { state?: unknown })>;
  initialIndex?: number;
  basename?: string;
  children?: ReactNode;
}) {
  const base = normalBasename(basename);
  const [history, setHistory] = useState(() => {
    const entries = (initialEntries.length ? initialEntries : ['/']).map((entry, i): Location => {
      const path = typeof entry === 'string' ? parsePath(entry) : entry;
      const state = typeof entry === 'string' ? null : (entry.state ?? null);
      return { pathname: path.pathname ?? '/', search: path.search ?? '', hash: path.hash ?? '', state, key: i === 0 ? 'default' : newKey() };
    });
    const index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
    return { entries, index };
  });
  const current = history.entries[history.index]!;
  const under = stripBasename(current.pathname, base);
  const location = useMemo(() => (under === null ? null : { ...current, pathname: under }), [current, under]);

  const navigate = useCallback<NavigateFunction>(
    (to: To | number, options: NavigateOptions = {}) => {
      startTransition(() =>
        setHistory(({ entries, index }) => {
          if (typeof to === 'number') return { entries, index: Math.min(Math.max(index + to, 0), entries.length - 1) };
          const from = entries[index]!;
          const fromUnder = { ...from, pathname: stripBasename(from.pathname, base) ?? '/' };
          const path = parsePath(withBasename(base, resolvePath(to, fromUnder)));
          const next: Location = { pathname: path.pathname ?? '/', search: path.search ?? '', hash: path.hash ?? '', state: options.state ?? null, key: newKey() };
          return options.replace
            ? { entries: entries.map((e, i) => (i === index ? next : e)), index }
            : { entries: [...entries.slice(0, index + 1), next], index: index + 1 };
        }),
      );
    },
    [base],
  ) as NavigateFunction;

  const router = useMemo(() => ({ location, basename: base, navigate }), [location, base, navigate]);
  return <RouterContext.Provider value={router}>{location ? children : null}</RouterContext.Provider>;
}

export interface RouteProps {
  /** '/', '/product/:slug', '/orders/new', '*' (see `matchPath`). */
  path?: string;
  element?: ReactNode;
}

/** One route of a <Routes>; it draws nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('A <Route> is only drawn inside <Routes>');
}

function routesOf(children: ReactNode): RouteProps[] {
  const routes: RouteProps[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) routes.push(...routesOf((child.props as { children?: ReactNode }).children));
    else if (child.type === Route) routes.push(child.props as RouteProps);
    else throw new Error('<Routes> takes only <Route> elements (or fragments of them)');
  });
  return routes;
}

/** Draws the element of the route that matches the location best (see `bestMatch`), or nothing. */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter('<Routes>');
  const routes = routesOf(children);
  const match = location ? bestMatch(routes, location.pathname) : null;
  if (!match) return null;
  return <ParamsContext.Provider value={match.params}>{match.route.element}</ParamsContext.Provider>;
}

export function useLocation(): Location {
  const { location } = useRouter('useLocation()');
  return location!;
}

export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate()').navigate;
}

export function useParams<P extends string = string>(): Readonly<Partial<Record<P, string>>> {
  return useContext(ParamsContext) as Readonly<Partial<Record<P, string>>>;
}

export type SetURLSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

/** The query of the location, and a setter that goes to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { location, navigate } = useRouter('useSearchParams()');
  const search = location?.search ?? '';
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      const query = createSearchParams(init).toString();
      navigate({ search: query ? `?${query}` : '' }, options);
    },
    [navigate, search],
  );
  return [params, setParams];
}

/** Goes to `to` once drawn (in an effect: a server draw does not navigate). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === target) return;
    done.current = target;
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A plain link: the browser loads the address as a new document. */
  reloadDocument?: boolean;
};

const modified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link that the router follows without loading a new document; a click with a modifier, another
 * button or another target is left to the browser (a new tab, a download). Going where the page
 * already is replaces the entry instead of adding one.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }, ref) {
  const { location, basename, navigate } = useRouter('<Link>');
  const from = location ?? { pathname: '/', search: '', hash: '' };
  const path = resolvePath(to, from);
  const href = withBasename(basename, path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || event.button !== 0 || (target && target !== '_self') || modified(event)) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? createPath(from) === createPath(path), state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

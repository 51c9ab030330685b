/**
 * The router every app uses, through this one module, shared once as a Module Federation singleton.
 * It is the store's own: the few pieces of routing the apps use (flat routes with `:param` and `*`,
 * links, navigation, the query, a basename), with the same names and behaviour as react-router-dom's,
 * in about 2 KB compressed where react-router-dom's part of them was ~10 KB on every page (issue 42).
 */
export { BrowserRouter, Link, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from './router';
export type { LinkProps, NavigateFunction, NavigateOptions, RouteProps, SetURLSearchParams } from './router';
export { createPath, createSearchParams, matchPath, parsePath } from './path';
export type { Location, Params, Path, SearchParamsInit, To } from './path';

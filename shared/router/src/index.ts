/**
 * The router every app uses, through this one module. A package shared through Module Federation
 * is shipped whole (every export, since another app might need it): react-router-dom 7 whole is
 * ~64 KB compressed, the routing the store uses ~12 KB. So the apps share this package instead,
 * and the bundler keeps only what is re-exported here. Import the router from '@adire/router',
 * never from 'react-router-dom' (a test in this package checks the sources).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, NavigateFunction, SetURLSearchParams } from 'react-router-dom';

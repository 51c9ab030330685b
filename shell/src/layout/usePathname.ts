import { useEffect, useState } from 'react';
import { pageLocation } from '../pageLocation';

/** The current path, following pushState (patched by single-spa) and back/forward. */
export function usePathname(): string {
  const [pathname, setPathname] = useState(() => pageLocation().pathname);
  useEffect(() => {
    const update = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', update);
    window.addEventListener('single-spa:routing-event', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('single-spa:routing-event', update);
    };
  }, []);
  return pathname;
}

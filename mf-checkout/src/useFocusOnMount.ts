import { useEffect, useRef } from 'react';

/** A stage's heading takes focus when the stage appears, so keyboard and screen-reader users land on it. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return ref;
}

import { createContext, useContext } from 'react';

/**
 * Whether the shopper saves data (issue 42, item 4): pictures then at the smallest variant that fills
 * their box at a pixel ratio of at most 1.5 (`responsivePicture`'s `saveData`). The server draws with
 * the request's `Save-Data: on`; the browser's first render with what the page was drawn with, so
 * hydration finds the same markup (lifecycles.tsx).
 */
export const LessData = createContext(false);

export const useLessData = () => useContext(LessData);

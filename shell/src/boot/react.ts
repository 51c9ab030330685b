import * as client from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';

/**
 * React, react-dom and the JSX runtime, evaluated when main.ts imports this file, in a task of their
 * own before the shell's code (their CommonJS bodies run where they are first imported). One file
 * with React (the `react` group in vite.config.ts).
 */
export const evaluated = [client, jsxRuntime];

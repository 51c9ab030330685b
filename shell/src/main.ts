import '@adire/ui/tokens.css';
import './global.css';

/**
 * The shell starts in two tasks, not one (issue 42): React and react-dom first (boot/react.ts) — more
 * than half of the page's scripts, and the longest evaluation — then, after a new task (a tap or a
 * paint may come in between), the shell itself (start.tsx). Imported statically, all of it was
 * evaluated as one module graph in a single long task. Every file is announced in the page
 * (preloadEntryImports), so none waits for another's download; the style sheets stay in the page's
 * head, imported here.
 */
await import('./boot/react');
await new Promise<void>((next) => setTimeout(next, 0));
await import('./start');

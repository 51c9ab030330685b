import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root (the folder holding shell/, server/, releases/). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

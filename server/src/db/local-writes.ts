import path from 'node:path';

/**
 * How many writing statements this process has run on each SQLite file, through any of its
 * connections (the patient driver counts them; a commit is one of them). The commit watch uses it to
 * know that this process itself may have committed, without asking the database (commit-watch.ts).
 */
export interface LocalWrites {
  count: number;
}

const byFile = new Map<string, LocalWrites>();

export function localWritesOf(file: string): LocalWrites {
  const key = path.resolve(file);
  let writes = byFile.get(key);
  if (!writes) byFile.set(key, (writes = { count: 0 }));
  return writes;
}

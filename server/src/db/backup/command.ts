/**
 * `pnpm backup status | restore [--to <ISO 8601 time with its offset>] --into <file> | verify` (issue 41):
 * reading the operator's words. Pure; the command (`src/cli/backup.ts`) does the work.
 */

export type BackupCommand =
  | { kind: 'help' }
  | { kind: 'status' }
  | { kind: 'verify' }
  /** PostgreSQL: a base backup now (the WAL archive replays from the newest one before the moment). */
  | { kind: 'base' }
  | { kind: 'restore'; into: string; to: Date | null }
  /** shop.sh: Litestream beside the server (`exec`: the server's command, Litestream's child). */
  | { kind: 'replicate'; exec: string | null };

export const BACKUP_USAGE = `pnpm backup status                                  the replica, its last replicated position and how old it is
pnpm backup restore [--to <time>] --into <file>    restore to a moment (ISO 8601 with its offset, e.g. 2027-02-13T18:00:00+01:00), or the latest
pnpm backup verify                                 restore the latest into a temporary place, check it and count its orders
pnpm backup base                                   PostgreSQL: take a base backup now (daily, e.g. from cron)
BACKUP_URL names the replica: a folder (file:///… or a path; put it on another disk) or s3://bucket/path for SQLite;
for PostgreSQL (DATABASE_URL set) a folder holding the base backups and the WAL archive.`;

export class BackupCommandError extends Error {}

/** An ISO 8601 time that names its offset (Z or ±hh:mm): a moment, never the machine's local time. */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `--to`'s value as a moment, or a clear error. Pure. */
export function parseMoment(text: string): Date {
  const m = MOMENT.exec(text.trim());
  const at = m ? new Date(text.trim()) : null;
  if (!m || !at || Number.isNaN(at.getTime()) || Number(m[2]) > 12 || Number(m[3]) > 31 || Number(m[4]) > 23) {
    throw new BackupCommandError(`--to must be a time in ISO 8601 with its offset, e.g. 2027-02-13T18:00:00+01:00 or 2027-02-13T17:00:00Z; got '${text.slice(0, 40)}'`);
  }
  return at;
}

export function parseBackupCommand(args: string[]): BackupCommand {
  const [verb, ...rest] = args;
  switch (verb) {
    case undefined:
    case 'help':
    case '--help':
      return { kind: 'help' };
    case 'status':
    case 'verify':
    case 'base':
      if (rest.length) throw new BackupCommandError(`pnpm backup ${verb} takes no arguments\n${BACKUP_USAGE}`);
      return { kind: verb };
    case 'replicate': {
      const dash = rest.indexOf('--');
      return { kind: 'replicate', exec: dash >= 0 && rest.length > dash + 1 ? rest.slice(dash + 1).join(' ') : null };
    }
    case 'restore': {
      let into: string | null = null;
      let to: Date | null = null;
      for (let i = 0; i < rest.length; i++) {
        const [flag, inline] = rest[i]!.split(/=(.*)/s) as [string, string | undefined];
        const value = inline ?? rest[++i];
        if (flag === '--into' && value) into = value;
        else if (flag === '--to' && value) to = parseMoment(value);
        else throw new BackupCommandError(`pnpm backup restore: unknown or incomplete argument '${rest[i - (inline === undefined ? 1 : 0)] ?? flag}'\n${BACKUP_USAGE}`);
      }
      if (!into) throw new BackupCommandError(`pnpm backup restore needs --into <file>: a new file (or, for PostgreSQL, a new folder); the live database is never overwritten\n${BACKUP_USAGE}`);
      return { kind: 'restore', into, to };
    }
    default:
      throw new BackupCommandError(`Unknown backup command '${verb.slice(0, 30)}'\n${BACKUP_USAGE}`);
  }
}

/** "2.4 s", "3 min 5 s", "2 h 1 min": an age for a sentence. Pure. */
export function ageText(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 60) return `${s.toFixed(1)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

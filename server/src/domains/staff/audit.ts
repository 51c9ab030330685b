import type { AuditEntry } from '@adire/contracts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';

/** Who did it: a staff member, or the operator at the server's command line. */
export interface Actor {
  email: string;
  role: string;
  /** The client's IP, or 'command line'. */
  source: string;
}

export const OPERATOR = (source = 'command line'): Actor => ({ email: 'operator', role: 'operator', source });

/** An operator command that changed something, in the same audit as the back office's actions. */
export async function recordOperatorCommand(db: Pick<Db, 'kysely'>, action: string, target: string, command: object, said: string): Promise<void> {
  await recordAction(db.kysely, OPERATOR(), action, target, { after: { command, said } });
}

export type { AuditEntry };

/** Append one staff action (the table refuses updates and deletes). */
export async function recordAction(
  q: Kysely<Database>,
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown },
  at: string = new Date().toISOString(),
): Promise<void> {
  await q
    .insertInto('staff_audit')
    .values({
      id: auditId(),
      actor: actor.email,
      role: actor.role,
      action,
      target: target.slice(0, 200),
      before: JSON.stringify(change.before ?? null),
      after: JSON.stringify(change.after ?? null),
      source: actor.source.slice(0, 100),
      created_at: at,
    })
    .execute();
}

export interface AuditFilter {
  actor?: string;
  /** An action, or its family ('order' matches 'order.advance'). */
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  limit: number;
}

let written = 0;
/**
 * An audit row's id sorts in the order the rows were written (the time, then a count within this
 * process, then randomness for other processes), so two actions in the same millisecond still list
 * newest first.
 */
export function auditId(now: number = Date.now()): string {
  written = (written + 1) % 1_000_000;
  return `${now.toString(36).padStart(9, '0')}-${String(written).padStart(6, '0')}-${randomBytes(6).toString('hex')}`;
}

/** The newest first, filtered. */
export async function listActions(db: Pick<Db, 'kysely'>, filter: AuditFilter): Promise<AuditEntry[]> {
  const rows = await db.kysely
    .selectFrom('staff_audit')
    .selectAll()
    .$if(!!filter.actor, (q) => q.where('actor', '=', filter.actor!.trim().toLowerCase()))
    .$if(!!filter.action, (q) => q.where((eb) => eb.or([eb('action', '=', filter.action!), eb('action', 'like', `${filter.action!.replace(/[%_]/g, '')}.%`)])))
    .$if(!!filter.target, (q) => q.where('target', '=', filter.target!.trim()))
    .$if(!!filter.from, (q) => q.where('created_at', '>=', filter.from!))
    .$if(!!filter.to, (q) => q.where('created_at', '<', nextDay(filter.to!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    role: r.role,
    action: r.action,
    target: r.target,
    before: parseJson<unknown>(r.before, null),
    after: parseJson<unknown>(r.after, null),
    source: r.source,
    at: r.created_at,
  }));
}

/** '2026-11-24' → '2026-11-25' (a 'to' date includes its whole day). */
function nextDay(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

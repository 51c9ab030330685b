import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { AppError } from '../../http/errors';
import { OPERATOR } from './audit';
import type { StaffConfig } from './config';
import { isStaffRole, STAFF_ROLES, type StaffRole } from './roles';
import { createStaffService } from './service';

/** The operator's staff command: the first manager is made here; managers invite the others from the back office. */
export class StaffCommandError extends Error {}

export const STAFF_USAGE = `Usage: pnpm staff <command>

  add <email> --role <florist|manager> [--name "<name>"]
                     a member of staff; an invitation code is mailed to set a password
                     (again for a member who has not set one yet: a new code)
  list               every member of staff, their role, and whether they have set a password
  help               this text

Examples:
  pnpm staff add ada@adireblooms.ng --role manager --name "Ada Obi"
  pnpm staff list`;

export type StaffCommand = { kind: 'help' } | { kind: 'list' } | { kind: 'add'; email: string; role: StaffRole; name?: string };

export function parseStaffCommand(argv: readonly string[]): StaffCommand {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
      throw new StaffCommandError(STAFF_USAGE);
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'list':
      if (args.length) throw new StaffCommandError("'list' takes no arguments: pnpm staff list");
      return { kind: 'list' };
    case 'add': {
      let email: string | undefined;
      let role: string | undefined;
      let name: string | undefined;
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg === '--role') role = args[++i];
        else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
        else if (arg === '--name') name = args[++i];
        else if (arg.startsWith('--name=')) name = arg.slice('--name='.length);
        else if (arg.startsWith('--')) throw new StaffCommandError(`Unknown option '${arg}'.\n\n${STAFF_USAGE}`);
        else if (email === undefined) email = arg;
        else throw new StaffCommandError(`'add' takes one e-mail address, got '${email}' and '${arg}'.`);
      }
      if (!email) throw new StaffCommandError("'add' needs an e-mail address: pnpm staff add <email> --role <florist|manager>");
      if (!isStaffRole(role)) throw new StaffCommandError(`'add' needs --role ${STAFF_ROLES.join(' or ')}${role ? `, got '${role}'` : ''}.`);
      return { kind: 'add', email, role, ...(name?.trim() ? { name: name.trim() } : {}) };
    }
    default:
      throw new StaffCommandError(`Unknown command '${command}'.\n\n${STAFF_USAGE}`);
  }
}

export async function executeStaffCommand(db: Db, command: StaffCommand, deps: { mailer: Mailer; config: StaffConfig; publicUrl: string }): Promise<string> {
  const service = createStaffService({ db, ...deps });
  switch (command.kind) {
    case 'help':
      return STAFF_USAGE;
    case 'list': {
      const members = await service.list();
      if (!members.length) return 'No staff yet. Make the first manager: pnpm staff add <email> --role manager';
      return members.map((m) => `${m.email.padEnd(36)} ${m.role.padEnd(8)} ${m.active ? 'active' : 'invited (no password yet)'}${m.name ? `  ${m.name}` : ''}`).join('\n');
    }
    case 'add': {
      try {
        const member = await service.invite(OPERATOR(), command);
        return `${member.email} is a ${member.role}. An invitation code was mailed to them: they open /backoffice/welcome, enter it and choose a password.`;
      } catch (err) {
        if (err instanceof AppError) throw new StaffCommandError(err.message);
        throw err;
      }
    }
  }
}

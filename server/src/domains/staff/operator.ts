import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { AppError } from '../../http/errors';
import { OPERATOR } from './audit';
import type { StaffConfig } from './config';
import { isStaffRole, STAFF_ROLES, type StaffRole } from './roles';
import { createStaffService, type StaffMember } from './service';

/** The operator's staff command: the first manager is made here; managers invite the others from the back office. */
export class StaffCommandError extends Error {}

/** The roles as the command's usage writes them: <florist|manager|rider>. */
const ROLES = `<${STAFF_ROLES.join('|')}>`;

export const STAFF_USAGE = `Usage: pnpm staff <command>

  add <email> --role ${ROLES} [--name "<name>"]
                     a member of staff; an invitation code is mailed to set a password
                     (again for a member who has not set one yet: a new code)
  list               every member of staff, their role, and whether they are active, invited or disabled
  disable <email>    no more logins; their sessions end at their next request (enable undoes it)
  enable <email>     a disabled member may log in again
  role <email> ${ROLES}
                     a new role, from their next request
  reset <email>      mails them a code to choose a new password (the old one works until then)
  remove <email>     deletes the member, their sessions and codes; the audit keeps who they were
  unlock <email>     forgets their failed logins and wrong codes, from every client
  sign-out <email>   ends every session of theirs
  help               this text

None of these may leave the shop without an active manager: make another manager first.
Every change is recorded in the staff audit (as 'operator', from the command line).

Examples:
  pnpm staff add ada@adireblooms.ng --role manager --name "Ada Obi"
  pnpm staff list
  pnpm staff role tolu@adireblooms.ng manager
  pnpm staff disable tolu@adireblooms.ng`;

/** The commands on one member, and the lifecycle's function each calls. */
export const MEMBER_COMMANDS = { disable: 'disable', enable: 'enable', reset: 'sendReset', remove: 'remove', unlock: 'unlock', 'sign-out': 'signOut' } as const;
type MemberCommand = keyof typeof MEMBER_COMMANDS;
const isMemberCommand = (word: string | undefined): word is MemberCommand => word !== undefined && Object.hasOwn(MEMBER_COMMANDS, word);

export type StaffCommand =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'add'; email: string; role: StaffRole; name?: string }
  | { kind: 'role'; email: string; role: StaffRole }
  | { kind: MemberCommand; email: string };

function oneMember(command: string, args: readonly string[]): string {
  const [email, ...rest] = args;
  if (!email || email.startsWith('--')) throw new StaffCommandError(`'${command}' needs the member's e-mail address: pnpm staff ${command} <email>`);
  if (rest.length) throw new StaffCommandError(`'${command}' takes one e-mail address, got '${args.join(' ')}'.`);
  return email;
}

function parseRole(args: readonly string[]): StaffCommand {
  const words = args.filter((a) => a !== '--role').map((a) => a.replace(/^--role=/, ''));
  const [email, role, ...rest] = words;
  if (!email || rest.length) throw new StaffCommandError(`'role' needs an e-mail address and a role: pnpm staff role <email> ${ROLES}`);
  if (!isStaffRole(role)) throw new StaffCommandError(`'role' needs ${STAFF_ROLES.join(' or ')}${role ? `, got '${role}'` : ''}.`);
  return { kind: 'role', email, role };
}

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
      if (!email) throw new StaffCommandError(`'add' needs an e-mail address: pnpm staff add <email> --role ${ROLES}`);
      if (!isStaffRole(role)) throw new StaffCommandError(`'add' needs --role ${STAFF_ROLES.join(' or ')}${role ? `, got '${role}'` : ''}.`);
      return { kind: 'add', email, role, ...(name?.trim() ? { name: name.trim() } : {}) };
    }
    case 'role':
      return parseRole(args);
    default:
      if (isMemberCommand(command)) return { kind: command, email: oneMember(command, args) };
      throw new StaffCommandError(`Unknown command '${command}'.\n\n${STAFF_USAGE}`);
  }
}

export async function executeStaffCommand(db: Db, command: StaffCommand, deps: { mailer: Mailer; config: StaffConfig; publicUrl: string }): Promise<string> {
  const service = createStaffService({ db, ...deps });
  try {
    switch (command.kind) {
      case 'help':
        return STAFF_USAGE;
      case 'list':
        return listed(await service.list());
      case 'add': {
        const member = await service.invite(OPERATOR(), command);
        return `${member.email} is a ${member.role}. An invitation code was mailed to them: they open /backoffice/welcome, enter it and choose a password.`;
      }
      case 'role':
        return (await service.setRole(OPERATOR(), command.email, command.role)).message;
      default:
        return (await service[MEMBER_COMMANDS[command.kind]](OPERATOR(), command.email)).message;
    }
  } catch (err) {
    if (err instanceof AppError) throw new StaffCommandError(err.message);
    throw err;
  }
}

function listed(members: StaffMember[]): string {
  if (!members.length) return 'No staff yet. Make the first manager: pnpm staff add <email> --role manager';
  const status = (m: StaffMember) => (m.disabled ? 'disabled' : m.active ? 'active' : 'invited (no password yet)');
  return members.map((m) => `${m.email.padEnd(36)} ${m.role.padEnd(8)} ${status(m)}${m.name ? `  ${m.name}` : ''}`).join('\n');
}

import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { recordOperatorCommand } from '../domains/staff';
import { changeTarget, executeSettingsCommand, parseSettingsCommand, SettingsError, SETTINGS_USAGE, type SettingsCommand } from '../domains/site';

// pnpm settings show | set-alert "<text>" | set-rate <currency> <rate> | set-payment-alert <method> "<text>"
//   | set-fee | add-zone | rename-zone | remove-zone | set-min-amount | add-window | remove-window | close-date | open-date | help
// Uses the server's database (DATABASE_URL, or the SQLite file); the running store picks changes up on
// the next handshake, no restart needed.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let command: SettingsCommand;
try {
  command = parseSettingsCommand(process.argv.slice(2));
} catch (err) {
  fail(err instanceof SettingsError ? err.message : String(err));
}

if (command.kind === 'help') {
  console.log(SETTINGS_USAGE);
} else {
  const db = openDatabaseOrExit(loadConfig());
  let exitCode = 0;
  try {
    await migrateToLatest(db);
    const said = await executeSettingsCommand(db.kysely, command);
    if (command.kind === 'delivery') await recordOperatorCommand(db, `settings.${command.change.kind}`, changeTarget(command.change), command.change, said);
    else if (command.kind !== 'show') await recordOperatorCommand(db, `settings.${command.kind.replace(/^set-/, '')}`, command.kind === 'set-rate' ? command.currency : command.kind === 'set-payment-alert' ? command.method : 'siteWideAlert', command, said);
    console.log(said);
  } catch (err) {
    console.error(err instanceof SettingsError ? err.message : `settings ${command.kind} failed: ${(err as Error).message}`);
    exitCode = 1;
  } finally {
    await db.close();
  }
  process.exitCode = exitCode;
}

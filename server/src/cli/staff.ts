import { loadConfig } from '../server-config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/mailer';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand, StaffCommandError, STAFF_USAGE, type StaffCommand } from '../domains/staff';

// pnpm staff add | list | disable | enable | role | reset | remove | unlock | sign-out | help (STAFF_USAGE)
// Uses the server's database (DATABASE_URL, or the SQLite file) and its mail (the outbox, SMTP when set).

let command: StaffCommand;
try {
  command = parseStaffCommand(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof StaffCommandError ? err.message : String(err));
  process.exit(1);
}

if (command.kind === 'help') {
  console.log(STAFF_USAGE);
} else {
  const config = loadConfig();
  const db = openDatabase(config);
  let exitCode = 0;
  try {
    await migrateToLatest(db);
    const mailer = createMailer({ db, from: config.mailFrom, smtpUrl: config.smtpUrl });
    console.log(await executeStaffCommand(db, command, { mailer, config: loadStaffConfig(process.env, config.auth), publicUrl: config.publicUrl }));
  } catch (err) {
    console.error(err instanceof StaffCommandError ? err.message : `staff ${command.kind} failed: ${(err as Error).message}`);
    exitCode = 1;
  } finally {
    await db.close();
  }
  process.exitCode = exitCode;
}

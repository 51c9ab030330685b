import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { recordOperatorCommand } from '../domains/staff';
import { executePaymentsCommand, parsePaymentsCommand, PaymentsCommandError, PAYMENTS_USAGE, type PaymentsCommand } from '../domains/payments';

// pnpm payments history <orderNumber> | reject-transfer <orderNumber> [reason] | help
// Uses the server's database (DATABASE_URL, or the SQLite file).

let command: PaymentsCommand;
try {
  command = parsePaymentsCommand(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof PaymentsCommandError ? err.message : String(err));
  process.exit(1);
}

if (command.kind === 'help') {
  console.log(PAYMENTS_USAGE);
} else {
  const db = openDatabaseOrExit(loadConfig());
  let exitCode = 0;
  try {
    await migrateToLatest(db);
    const said = await executePaymentsCommand(db, command);
    if (command.kind === 'reject-transfer') await recordOperatorCommand(db, 'transfer.reject', command.orderNumber, command, said);
    console.log(said);
  } catch (err) {
    console.error(err instanceof PaymentsCommandError ? err.message : `payments ${command.kind} failed: ${(err as Error).message}`);
    exitCode = 1;
  } finally {
    await db.close();
  }
  process.exitCode = exitCode;
}

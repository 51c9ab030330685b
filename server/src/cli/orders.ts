import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/mailer';
import { recordOperatorCommand } from '../domains/staff';
import { executeOrdersCommand, OrdersCommandError, ORDERS_USAGE, parseOrdersCommand, type OrdersCommand } from '../domains/orders';
import { confirmTransfer } from '../domains/payments';

// pnpm orders status <orderNumber> | advance <orderNumber> <arranged|despatched|delivered> | mark-paid <orderNumber> | set-stock <SKU> <count|unlimited> | help
// Uses the server's database (DATABASE_URL, or the SQLite file); the tracker shows a change at once.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let command: OrdersCommand;
try {
  command = parseOrdersCommand(process.argv.slice(2));
} catch (err) {
  fail(err instanceof OrdersCommandError ? err.message : String(err));
}

if (command.kind === 'help') {
  console.log(ORDERS_USAGE);
} else {
  const db = openDatabaseOrExit(loadConfig());
  let exitCode = 0;
  try {
    await migrateToLatest(db);
    const config = loadConfig();
    const mailer = createMailer({ db, from: config.mailFrom, smtpUrl: config.smtpUrl });
    // A transfer is confirmed by the payments domain's one function (the back office's too).
    const said =
      command.kind === 'mark-paid'
        ? await confirmTransfer(db, command.orderNumber, new Date(), { mailer, publicUrl: config.publicUrl })
        : await executeOrdersCommand(db, command, new Date());
    if (command.kind === 'advance') await recordOperatorCommand(db, 'order.advance', command.orderNumber, command, said);
    if (command.kind === 'mark-paid') await recordOperatorCommand(db, 'transfer.confirm', command.orderNumber, command, said);
    if (command.kind === 'set-stock') await recordOperatorCommand(db, 'catalog.stock', command.sku, command, said);
    console.log(said);
  } catch (err) {
    console.error(err instanceof OrdersCommandError ? err.message : `orders ${command.kind} failed: ${(err as Error).message}`);
    exitCode = 1;
  } finally {
    await db.close();
  }
  process.exitCode = exitCode;
}

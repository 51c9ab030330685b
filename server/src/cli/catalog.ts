import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { recordOperatorCommand } from '../domains/staff';
import { CATALOG_USAGE, CatalogCommandError, executeCatalogCommand, parseCatalogCommand, type CatalogCommand } from '../domains/catalog';

// pnpm catalog featured [<list>] | feature <list> <SKU|address>… | designs <SKU|address> | set-designs <SKU|address> [<design>…]
//   | design-prices | set-design-price <design> <naira> | help
// Uses the server's database (DATABASE_URL, or the SQLite file); shoppers see a change on their next page load.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let command: CatalogCommand;
try {
  command = parseCatalogCommand(process.argv.slice(2));
} catch (err) {
  fail(err instanceof CatalogCommandError ? err.message : String(err));
}

if (command.kind === 'help') {
  console.log(CATALOG_USAGE);
} else {
  const db = openDatabaseOrExit(loadConfig());
  let exitCode = 0;
  try {
    await migrateToLatest(db);
    const said = await executeCatalogCommand(db, command);
    if (command.kind === 'feature') await recordOperatorCommand(db, 'catalog.featured', command.list, command, said);
    if (command.kind === 'set-designs') await recordOperatorCommand(db, 'catalog.designs', command.product, command, said);
    if (command.kind === 'set-design-price') await recordOperatorCommand(db, 'catalog.design-prices', 'designs', command, said);
    console.log(said);
  } catch (err) {
    console.error(err instanceof CatalogCommandError ? err.message : `catalog ${command.kind} failed: ${(err as Error).message}`);
    exitCode = 1;
  } finally {
    await db.close();
  }
  process.exitCode = exitCode;
}

/** The database's front door for code outside the server (the browser tests' support file): open it, and its type. */
export { openDatabase, type Db } from './database';

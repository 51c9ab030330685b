/** Continuous backup and restore to a moment (issue 41): Litestream for SQLite, WAL archiving for PostgreSQL. Imports no domain. */
export { ageText, BACKUP_USAGE, BackupCommandError, parseBackupCommand, parseMoment, type BackupCommand } from './command';
export { litestreamBinary, litestreamConfig, replicaPosition, replicaUrl, restoreReplica, startReplication, SYNC_INTERVAL, type Replication, type ReplicaPosition } from './litestream';
export { checkSqliteFile, sqliteBackupStatus, sqliteRestore, sqliteVerify, type RestoredCheck } from './sqlite';

/** Continuous backup and restore to a moment (issue 41): Litestream for SQLite, WAL archiving for PostgreSQL. Imports no domain. */
export { ageText, BACKUP_USAGE, BackupCommandError, parseBackupCommand, parseMoment, type BackupCommand } from './command';
export { litestreamBinary, litestreamConfig, replicaPosition, replicaUrl, restoreReplica, startReplication, SYNC_INTERVAL, type Replication, type ReplicaPosition } from './litestream';
export { archiverState, archiveSettings, backupFolder, baseBackups, countOrders, databaseName, DEFAULT_ARCHIVE_TIMEOUT_S, giveToPostgres, pgProgram, postgresBackupStatus, postgresRestore, postgresVerify, restorePostgres, takeBaseBackup, type ArchiverState, type RestoredCluster } from './postgres';
export { checkSqliteFile, sqliteBackupStatus, sqliteRestore, sqliteVerify, type RestoredCheck } from './sqlite';

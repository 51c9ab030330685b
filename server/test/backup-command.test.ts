import { describe, expect, it } from 'vitest';
import { ageText, BackupCommandError, parseBackupCommand, parseMoment } from '../src/db/backup/command';
import { litestreamConfig, parseWalListing, replicaUrl } from '../src/db/backup/litestream';

describe('pnpm backup: the operator’s words', () => {
  it('reads status, verify, restore with and without --to', () => {
    expect(parseBackupCommand(['status'])).toEqual({ kind: 'status' });
    expect(parseBackupCommand(['verify'])).toEqual({ kind: 'verify' });
    expect(parseBackupCommand([])).toEqual({ kind: 'help' });
    expect(parseBackupCommand(['restore', '--into', '/tmp/x.sqlite'])).toEqual({ kind: 'restore', into: '/tmp/x.sqlite', to: null });
    expect(parseBackupCommand(['restore', '--to', '2027-02-13T18:00:00+01:00', '--into', 'x'])).toEqual({ kind: 'restore', into: 'x', to: new Date('2027-02-13T17:00:00Z') });
    expect(parseBackupCommand(['restore', '--to=2027-02-13T17:00:00.250Z', '--into=x'])).toEqual({ kind: 'restore', into: 'x', to: new Date('2027-02-13T17:00:00.250Z') });
    expect(parseBackupCommand(['replicate', '--', 'node', 'dist/main.mjs'])).toEqual({ kind: 'replicate', exec: 'node dist/main.mjs' });
  });

  it('refuses a time without its offset, a day that is not one, a missing --into, an unknown word', () => {
    for (const bad of ['2027-02-13T18:00:00', '2027-02-13', 'yesterday', '2027-13-01T00:00:00Z', '2027-02-13T25:00:00Z']) {
      expect(() => parseMoment(bad), bad).toThrow(BackupCommandError);
    }
    expect(() => parseBackupCommand(['restore', '--to', '2027-02-13T18:00:00+01:00'])).toThrow(/needs --into/);
    expect(() => parseBackupCommand(['restore', '--into'])).toThrow(BackupCommandError);
    expect(() => parseBackupCommand(['status', 'now'])).toThrow(/takes no arguments/);
    expect(() => parseBackupCommand(['drop'])).toThrow(/Unknown backup command 'drop'/);
  });

  it('says an age in words', () => {
    expect(ageText(2.44)).toBe('2.4 s');
    expect(ageText(185)).toBe('3 min 5 s');
    expect(ageText(7260)).toBe('2 h 1 min');
  });
});

describe('Litestream: its config and its listing', () => {
  it('a folder becomes a file:// replica; s3:// stays; another scheme is refused', () => {
    expect(replicaUrl('/mnt/backup/shop')).toBe('file:///mnt/backup/shop');
    expect(replicaUrl('backup', '/srv')).toBe('file:///srv/backup');
    expect(replicaUrl('s3://bucket/shop')).toBe('s3://bucket/shop');
    expect(() => replicaUrl('http://example.com/x')).toThrow(/BACKUP_URL/);
  });

  it('writes one database, one replica, synced every second', () => {
    const text = litestreamConfig({ dbFile: '/srv/var/shop.sqlite', replica: 'file:///mnt/b', metricsAddr: '127.0.0.1:9091' });
    expect(text).toContain('addr: "127.0.0.1:9091"');
    expect(text).toContain('  - path: "/srv/var/shop.sqlite"');
    expect(text).toContain('      - url: "file:///mnt/b"');
    expect(text).toContain('        sync-interval: 1s');
  });

  it('reads `litestream wal`', () => {
    const rows = parseWalListing(`replica  generation        index  offset  size  created
file     ceca6b9e8b5b9ca1  0      0       451   2026-11-29T03:05:36Z
file     ceca6b9e8b5b9ca1  0      16512   95    2026-11-29T03:05:39Z
`);
    expect(rows).toEqual([
      { generation: 'ceca6b9e8b5b9ca1', index: 0, offset: 0, at: new Date('2026-11-29T03:05:36Z') },
      { generation: 'ceca6b9e8b5b9ca1', index: 0, offset: 16512, at: new Date('2026-11-29T03:05:39Z') },
    ]);
  });
});

import { readStored, STORAGE_SYNC_VERSION, writeStored, type StorageLike } from '@adire/contracts';

/**
 * Local storage is wiped once when the stored sync version is below 3 (SPEC section 4): data written
 * by an older store is dropped rather than misread. Returns true when it wiped.
 */
export function applySyncVersion(storage: StorageLike & { clear(): void }): boolean {
  const stored = readStored<number>('syncVersion', storage);
  if (typeof stored === 'number' && stored >= STORAGE_SYNC_VERSION) return false;
  storage.clear();
  writeStored('syncVersion', STORAGE_SYNC_VERSION, storage);
  return true;
}


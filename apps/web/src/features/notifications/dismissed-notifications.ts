import { storageKeys } from '../../lib/storage-keys';

/**
 * The ids of dismissed notifications, as local storage keeps them
 * (docs/product/screens-and-routes.md#client-state); logout clears them.
 */
export function readDismissed(storage: Storage = localStorage): number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKeys.dismissedNotifications) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function dismiss(id: number, storage: Storage = localStorage): number[] {
  const next = [...new Set([...readDismissed(storage), id])];
  try {
    storage.setItem(storageKeys.dismissedNotifications, JSON.stringify(next));
  } catch {
    // no storage: dismissed for this page only
  }
  return next;
}

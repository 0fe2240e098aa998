import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { dismiss, readDismissed } from './dismissed-notifications';

describe('dismissed notifications', () => {
  it('remembers each id once, across reads', () => {
    expect(readDismissed()).toEqual([]);
    dismiss(4);
    dismiss(7);
    expect(dismiss(4)).toEqual([4, 7]);
    expect(readDismissed()).toEqual([4, 7]);
  });

  it('ignores what it did not write', () => {
    localStorage.setItem(storageKeys.dismissedNotifications, '{oops');
    expect(readDismissed()).toEqual([]);
    localStorage.setItem(storageKeys.dismissedNotifications, '[1,"x",2.5,3]');
    expect(readDismissed()).toEqual([1, 3]);
  });
});

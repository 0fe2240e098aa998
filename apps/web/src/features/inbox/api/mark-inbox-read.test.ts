// @vitest-environment node
import type { InboxItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { InboxPages } from './list-inbox';
import { withRead } from './mark-inbox-read';

const item = (id: number, readAt: string | null): InboxItem => ({
  id,
  type: 'BATCH_REQUESTED',
  title: `Solicitação nº ${id} recebida`,
  message: '…',
  createdAt: '2026-11-23T13:00:00.000Z',
  readAt,
  batchId: id,
});

const pages: InboxPages = {
  pages: [
    { content: [item(5, null), item(4, null)], unread: 3, last: false },
    { content: [item(3, '2026-11-23T12:00:00.000Z'), item(2, null)], unread: 3, last: true },
  ],
  pageParams: [0, 1],
};
const now = '2026-11-23T14:00:00.000Z';

describe('marking cached items read', () => {
  it('marks one item and lowers the count of every page by one', () => {
    const next = withRead(pages, (id) => id === 4, now);
    expect(next.pages[0]?.content.map((i) => i.readAt)).toEqual([null, now]);
    expect(next.pages.map((page) => page.unread)).toEqual([2, 2]);
  });

  it('leaves an item already read as it was and does not count it', () => {
    const next = withRead(pages, (id) => id === 3, now);
    expect(next.pages[1]?.content[0]?.readAt).toBe('2026-11-23T12:00:00.000Z');
    expect(next.pages.map((page) => page.unread)).toEqual([3, 3]);
  });

  it('marks every item and sets the count to 0 (mark all as read: pages not loaded too)', () => {
    const next = withRead(pages, () => true, now, true);
    expect(next.pages.flatMap((page) => page.content).every((i) => i.readAt !== null)).toBe(true);
    expect(next.pages.map((page) => page.unread)).toEqual([0, 0]);
  });

  it('never counts below zero', () => {
    const few = { ...pages, pages: pages.pages.map((page) => ({ ...page, unread: 1 })) };
    expect(withRead(few, () => true, now).pages.map((page) => page.unread)).toEqual([0, 0]);
  });
});

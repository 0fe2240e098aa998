import { type InboxItem, listInboxCall, markInboxItemReadCall, markInboxReadCall } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { InboxBell } from './inbox-bell';

const item = (id: number, batchId: number | null, readAt: string | null = null): InboxItem => ({
  id,
  type: 'BATCH_REQUESTED',
  title: `Solicitação nº ${id} recebida`,
  message: `Mensagem ${id}`,
  createdAt: '2026-11-23T13:00:00.000Z',
  readAt,
  batchId,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('the notification bell', () => {
  let inbox: { items: InboxItem[] };
  const unread = () => inbox.items.filter((i) => i.readAt === null).length;
  const markRead = (id?: number) => {
    for (const i of inbox.items) {
      if (id === undefined || i.id === id) i.readAt ??= '2026-11-23T14:00:00.000Z';
    }
  };
  beforeEach(() => {
    inbox = { items: [item(12, 7), item(11, null), item(10, 6, '2026-11-23T12:00:00.000Z')] };
    answer(listInboxCall, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      const content = page === 0 ? inbox.items.slice(0, 2) : inbox.items.slice(2);
      return { content: structuredClone(content), unread: unread(), last: page > 0 };
    });
    answer(markInboxItemReadCall, ({ params }) => markRead(Number(params.id)));
    answer(markInboxReadCall, () => markRead());
  });

  const renderBell = (enabled = true) =>
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <InboxBell enabled={enabled} batchPath={(id) => `/anticipation/history/${id}`} />
        <Where />
      </MemoryRouter>,
    );
  const puts = () =>
    sentRequests()
      .filter((request) => request.method === 'PUT')
      .map((request) => request.path);

  it('does not read the inbox before the company is known', async () => {
    await renderBell(false);
    expect(screen.getByRole('button', { name: 'Notificações' }).textContent).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentRequests()).toEqual([]);
  });

  it('shows the unread count in its name and badge', async () => {
    await renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    expect(bell.textContent).toBe('2');
    expect(sentRequests()[0]?.path).toBe('/api/webapp/inbox?page=0&size=10');
  });

  it('lists the items newest first with unread ones marked, loads more, and marks all as read', async () => {
    await renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' }, { timeout: 5000 });
    const list = within(panel).getByRole('list', { name: 'Notificações' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: /Não lida:\s*Solicitação nº 12 recebida/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /Não lida:\s*Solicitação nº 11 recebida/ })).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(list).findByText('Solicitação nº 10 recebida')).toBeTruthy();
    expect(within(list).queryByText(/Não lida: Solicitação nº 10/)).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeTruthy();
    expect(puts()).toEqual(['/api/webapp/inbox/read-all']);
    await waitFor(() => expect(within(panel).queryAllByText(/Não lida/)).toHaveLength(0));
    expect(within(panel).getByRole('button', { name: 'Marcar todas como lidas' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('opening an item about a request marks it read, closes the panel and goes to the request', async () => {
    await renderBell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' }, { timeout: 5000 });
    await user.click(await within(panel).findByRole('link', { name: /Solicitação nº 12 recebida/ }));
    expect(screen.getByTestId('where').textContent).toBe('/anticipation/history/7');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
    expect(puts()).toEqual(['/api/webapp/inbox/12/read']);
  });

  it('reads the count again after any change the user makes succeeds (a request, a cancel)', async () => {
    const { queryClient } = await renderBell();
    await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    inbox.items.unshift(item(13, 8));
    // A change of another feature, which knows nothing about the inbox.
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'done' })
      .execute(undefined);
    expect(await screen.findByRole('button', { name: 'Notificações, 3 não lidas' })).toBeTruthy();
  });

  it('says so when the inbox is empty', async () => {
    inbox.items = [];
    await renderBell();
    await user().click(await screen.findByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText(/Nenhuma notificação por enquanto/)).toBeTruthy();
  });
});

const user = () => userEvent.setup();

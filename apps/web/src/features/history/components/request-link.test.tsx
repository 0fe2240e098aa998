import type { BatchSummary } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { historySearchOf } from '../request-link-state';
import { HistoryCards } from './history-cards';
import { HistoryTable } from './history-table';

const batches: BatchSummary[] = [
  {
    id: 12,
    createdAt: '2026-11-23T13:00:00.000Z',
    status: 'REQUESTED',
    automatic: true,
    value: 2921.5,
    originalValue: 3000,
    creditCount: 2,
    paymentDate: '2026-11-24',
    daysToPay: 1,
    funder: { name: 'Banco Sul Fomento S.A.', house: false },
  },
];

function Detail() {
  const { id } = useParams();
  return (
    <p>
      detail {id} from {historySearchOf(useLocation().state) ?? 'nowhere'}
    </p>
  );
}

describe.each([
  ['table', HistoryTable],
  ['cards', HistoryCards],
])('the history %s', (_kind, List) => {
  it('opens a request with a real link, named by its date then the request, carrying the history page', async () => {
    await renderWithProviders(
      <MemoryRouter initialEntries={['/anticipation/history?providerId=7&programId=3&page=2']}>
        <Routes>
          <Route path="/anticipation/history" element={<List batches={batches} labelledBy="x" />} />
          <Route path="/anticipation/history/:id" element={<Detail />} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '23/11/2026, 10:00, ver a solicitação nº 12' });
    expect(link.getAttribute('href')).toBe('/anticipation/history/12');
    // A request an automatic rule made says so beside its status.
    expect(screen.getByText('Automática')).toBeTruthy();
    const user = userEvent.setup();
    // Reached from the keyboard, opened with Enter.
    await user.tab();
    if (document.activeElement !== link) await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(screen.getByText('detail 12 from ?providerId=7&programId=3&page=2')).toBeTruthy();
  });
});

import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { lazyPage } from './lazy-page';

function GoToSecond() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/second')}>
      go
    </button>
  );
}

const FirstPage = () => <p>first page</p>;
const SecondPage = () => <p>second page</p>;

describe('lazyPage', () => {
  it('shows the spinner until the page code is here, then the page, and the next route its own page', async () => {
    const first = lazyPage(async () => ({ Component: FirstPage }));
    const second = lazyPage(async () => ({ Component: SecondPage }));
    await renderWithProviders(
      <MemoryRouter initialEntries={['/first']}>
        <GoToSecond />
        <Routes>
          <Route path="/first" element={first.element} />
          <Route path="/second" element={second.element} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('first page')).toBeTruthy();
    screen.getByRole('button', { name: 'go' }).click();
    expect(await screen.findByText('second page')).toBeTruthy();
    expect(screen.queryByText('first page')).toBeNull();
  });
});

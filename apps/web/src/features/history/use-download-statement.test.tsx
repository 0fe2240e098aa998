import { getBatchStatementCall } from '@portal/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, sentRequests } from '../../../test/msw';
import * as errorDisplay from '../../lib/errors/error-display-store';
import { clearSession, markSignedIn } from '../../lib/session/session-store';
import { useDownloadStatement } from './use-download-statement';

describe('the statement download', () => {
  const saved: { name: string; type: string }[] = [];
  beforeEach(() => {
    markSignedIn();
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
    saved.length = 0;
  });

  it('fetches with the app’s header (the session cookie is the browser’s) and saves the file under the name Content-Disposition gives', async () => {
    answer(
      getBatchStatementCall,
      () =>
        new HttpResponse('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="solicitacao-42.pdf"',
          },
        }),
    );
    const { result } = renderHook(() => useDownloadStatement(42, 'fallback-42.pdf'));
    await act(() => result.current.download());
    const [request] = sentRequests();
    expect(request?.path).toBe('/api/webapp/batches/42/statement.pdf');
    expect(request?.headers.get('x-requested-with')).toBe('portal-web');
    expect(request?.headers.has('authorization')).toBe(false);
    expect(saved).toEqual([{ name: 'solicitacao-42.pdf', type: 'blob:statement' }]);
    expect(result.current.isDownloading).toBe(false);
  });

  it('without a file name from the server, saves under the fallback name', async () => {
    answer(getBatchStatementCall, () => new HttpResponse('%PDF-1.7'));
    const { result } = renderHook(() => useDownloadStatement(42, 'fallback-42.pdf'));
    await act(() => result.current.download());
    expect(saved.map((file) => file.name)).toEqual(['fallback-42.pdf']);
  });

  it('a refusal goes to the one error display with its key, and nothing is saved', async () => {
    const report = vi.spyOn(errorDisplay, 'reportError').mockImplementation(() => {});
    refuse(getBatchStatementCall, 'error.batch.notFound');
    const { result } = renderHook(() => useDownloadStatement(42, 'fallback-42.pdf'));
    await act(() => result.current.download());
    await waitFor(() => expect(report).toHaveBeenCalledOnce());
    expect(report.mock.calls[0]?.[0].code).toBe('error.batch.notFound');
    expect(saved).toEqual([]);
  });
});

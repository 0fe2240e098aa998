import type { APIRequestContext } from '@playwright/test';
import type { BatchDetail, InboxPage, NotificationPreferences } from '@portal/contract';
import { apiLogin, expect } from './fixtures';

/*
 * A user's session on the API, for what a browser test does not do through the screen it tests: a request
 * made elsewhere (another device, a colleague of the same company), the state the server keeps.
 */

export type ApiProgram = { id: number; name: string; providerId: number };
export type ApiCredit = { id: number; nfNumber: string; installmentNumber: number };

export async function apiSession(request: APIRequestContext, email: string) {
  const token = await apiLogin(request, email);
  const headers = { authorization: `Bearer ${token.access_token}` };
  const get = async <T>(url: string): Promise<T> => {
    const response = await request.get(url, { headers });
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  };
  const program = async (name: string) =>
    (await get<ApiProgram[]>('/api/webapp/programs/me/default')).find((p) => p.name === name)!;
  const credits = async (providerId: number, size: number) =>
    (
      await get<{ content: ApiCredit[] }>(
        `/api/webapp/credits/programProvider/${providerId}?page=0&size=${size}`,
      )
    ).content;
  /** Requests these credits, as the simulation's confirm does; the new request's id. */
  const requestBatch = async (creditIds: number[]) => {
    const response = await request.post('/api/webapp/batches/request', { headers, data: creditIds });
    expect(response.status(), 'batch request').toBe(200);
    return ((await response.json()) as { id: number }).id;
  };
  return {
    get,
    program,
    credits,
    requestBatch,
    /** Requests early payment of the first open invoice of a program; the new request's id. */
    requestFirst: async (programName: string) => {
      const [first] = await credits((await program(programName)).providerId, 1);
      return requestBatch([first!.id]);
    },
    detail: (id: number) => get<BatchDetail>(`/api/webapp/batches/${id}`),
    inbox: () => get<InboxPage>('/api/webapp/inbox?page=0&size=10'),
    preferences: () => get<NotificationPreferences>('/api/webapp/notification-preferences'),
  };
}

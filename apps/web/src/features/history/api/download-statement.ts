import { buildPath, getBatchStatementCall } from '@portal/contract';
import { appConfig } from '../../../config/app-config';
import { timeouts } from '../../../lib/api/api-client';
import { ApiError } from '../../../lib/errors/app-error';
import { normalizeError } from '../../../lib/errors/normalize-error';
import { currentAccessToken } from '../../../lib/session/session-store';
import { fileNameFromContentDisposition } from '../content-disposition';

/** Where a request’s PDF statement is served. */
export const statementUrl = (id: number) => `${appConfig.apiHost}${buildPath(getBatchStatementCall, { id })}`;

export type Statement = { blob: Blob; fileName: string | null };

async function errorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

function fail(failed: Parameters<typeof normalizeError>[0]): never {
  const { error, clearToken } = normalizeError(failed);
  throw new ApiError(error, clearToken);
}

/**
 * The statement as a file, with the user's bearer token (a plain link would not carry it). A failure throws
 * the same ApiError as any call (lib/api/api-client.ts), for the one error path; the file name is the one the
 * server's Content-Disposition offers, if any.
 */
export async function fetchStatement(id: number): Promise<Statement> {
  const headers = new Headers({ accept: 'application/pdf' });
  const token = currentAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(statementUrl(id), { headers, signal: AbortSignal.timeout(timeouts.default) });
  } catch {
    return fail(null);
  }
  if (!response.ok) return fail({ status: response.status, body: await errorBody(response) });
  const blob = await response.blob().catch(() => fail(null));
  return { blob, fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) };
}

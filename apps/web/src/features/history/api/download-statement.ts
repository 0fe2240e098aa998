import { buildPath, getBatchStatementCall } from '@portal/contract';
import { appConfig } from '../../../config/app-config';
import { callApi } from '../../../lib/api/api-client';

/** Where a request’s PDF statement is served (the page's link, for a reader that opens it in a tab). */
export const statementUrl = (id: number) => `${appConfig.apiHost}${buildPath(getBatchStatementCall, { id })}`;

/**
 * The statement as a file, fetched with the user's bearer token (a plain link would not carry it); named as
 * the server's Content-Disposition offers. A failure throws the ApiError of every call.
 */
export const fetchStatement = (id: number): Promise<File> =>
  callApi(getBatchStatementCall, { params: { id } });

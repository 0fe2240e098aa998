import { logoutCall } from '@portal/contract';
import { callApi } from '../../../lib/api/api-client';

/**
 * POST api/oauth/logout; its errors are ignored (docs/product/screens-and-routes.md#session-flow). The bearer
 * header is read when the call starts, so the caller may clear the session right after calling.
 */
export function revokeToken(): Promise<void> {
  return callApi(logoutCall).then(
    () => undefined,
    () => undefined,
  );
}

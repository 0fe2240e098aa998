import { endWebSessionCall } from '@portal/contract';
import { callApi } from '../../../lib/api/api-client';

/**
 * DELETE api/session: the API ends the session and clears its cookies; errors are ignored
 * (docs/product/screens-and-routes.md#session-flow).
 */
export function endSession(): Promise<void> {
  return callApi(endWebSessionCall).then(
    () => undefined,
    () => undefined,
  );
}

import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { batchQueryOptions } from '../../features/history/api/get-batch';
import { RequestDetail } from '../../features/history/components/request-detail';
import { historySearchOf } from '../../features/history/request-link-state';
import { useMyPrograms } from '../../features/programs/api/list-my-programs';

const positiveId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/**
 * Whether cancelling this request asks for the transaction PIN: its program's `requirePin`
 * (docs/product/account-security.md#pin), read from the company's programs once the request turns out
 * cancellable (the list is usually cached from the program selection). The detail shares its query with the
 * page: no second request.
 */
function usePinRequired(batchId: number | null): boolean {
  const detail = useQuery({ ...batchQueryOptions(batchId ?? 0), enabled: batchId !== null });
  const programId = detail.data?.cancellable ? detail.data.programId : null;
  const programs = useMyPrograms(undefined, programId !== null);
  return programs.data?.find((program) => program.id === programId)?.requirePin ?? false;
}

/**
 * `/anticipation/history/:id`: one request of the company (docs/product/screens-and-routes.md#request-page).
 * The id is in the address, so the page survives a reload and can be bookmarked; the history the user came
 * from travels in navigation state, for the way back.
 */
export function Component() {
  const { id } = useParams();
  const location = useLocation();
  const batchId = positiveId(id);
  const requirePin = usePinRequired(batchId);
  return (
    <RequestDetail
      batchId={batchId}
      historySearch={historySearchOf(location.state)}
      requirePin={requirePin}
    />
  );
}

import { useLocation, useParams } from 'react-router';
import { RequestDetail } from '../../features/history/components/request-detail';
import { historySearchOf } from '../../features/history/request-link-state';

const positiveId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/**
 * `/anticipation/history/:id`: one request of the company (docs/product/screens-and-routes.md#request-page).
 * The id is in the address, so the page survives a reload and can be bookmarked; the history the user came
 * from travels in navigation state, for the way back.
 */
export function Component() {
  const { id } = useParams();
  const location = useLocation();
  return <RequestDetail batchId={positiveId(id)} historySearch={historySearchOf(location.state)} />;
}

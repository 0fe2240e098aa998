import type { UnavailableCredit } from '@portal/contract';
import { useCallback } from 'react';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** Why a credit cannot be advanced, in words: the reason is a message key; too soon names the due date. */
export function useReasonText() {
  const { t } = useTranslation();
  const format = useFormat();
  return useCallback(
    (credit: Pick<UnavailableCredit, 'reason' | 'expireDate'>) =>
      t(credit.reason, { date: format.date(credit.expireDate) }),
    [t, format],
  );
}

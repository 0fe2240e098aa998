import { Badge } from '@mantine/core';
import type { BatchStatus } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** Light badges with dark text: Mantine's light green and red text fall below WCAG AA on their tint. */
const looks: Record<BatchStatus, { color: string; text?: string }> = {
  REQUESTED: { color: 'brand' },
  PAID: { color: 'green', text: '#1b6b2e' },
  REJECTED: { color: 'red', text: '#8f1d17' },
  CANCELLED: { color: 'gray', text: '#3d4148' },
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={looks[status].color} c={looks[status].text} variant="light">
      {t(`history.status.${status}`)}
    </Badge>
  );
}

/** The mark of a request an automatic rule made, beside its status (history rows and cards, the detail). */
export function AutomaticBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray.8">
      {t('request.automatic')}
    </Badge>
  );
}

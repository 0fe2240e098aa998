import { Badge } from '@mantine/core';
import type { BatchStatus } from '@portal/contract';
import { useTranslation } from 'react-i18next';

const colorOf: Record<BatchStatus, string> = { REQUESTED: 'brand', PAID: 'green.9', REJECTED: 'red.9' };

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colorOf[status]} variant="light">
      {t(`history.status.${status}`)}
    </Badge>
  );
}

import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BatchSummary } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AutomaticBadge, BatchStatusBadge } from './batch-status-badge';
import { opensRequestClass, RequestLink } from './request-link';

/** The requests on a phone: one card each, the same facts as the table's columns; a card opens its request. */
export function HistoryCards({
  batches,
  labelledBy,
}: {
  batches: readonly BatchSummary[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // A name may be long: `wide` gives it the card's whole width.
  const fact = (label: string, value: string, wide = false) => (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby={labelledBy} style={{ listStyle: 'none' }}>
      {batches.map((batch) => (
        <li key={batch.id} data-batch={batch.id}>
          <Stack
            gap="xs"
            p="sm"
            bg="white"
            className={opensRequestClass}
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <RequestLink id={batch.id}>{format.dateTime(batch.createdAt)}</RequestLink>
              <Group gap={4} wrap="nowrap">
                {batch.automatic && <AutomaticBadge />}
                <BatchStatusBadge status={batch.status} />
              </Group>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
              {fact(t('history.column.count'), String(batch.creditCount))}
              {fact(t('history.column.payment-date'), format.date(batch.paymentDate))}
              {fact(t('history.column.value'), format.money(batch.originalValue))}
              {fact(t('history.column.net'), format.money(batch.value))}
              {fact(t('history.column.funder'), batch.funder.name, true)}
            </SimpleGrid>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

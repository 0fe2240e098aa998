import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Estimate } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  funder: Estimate['funder'];
  /** The best offer of the set, said with a badge. */
  isBest: boolean;
};

/**
 * Who pays at an offer: the funder's name, or for the house offer the buyer's name with "the program's own
 * rate" under it (the program's rate is not a funder's, docs/product/funders.md).
 */
export function FunderName({ funder, isBest }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{funder.name}</Text>
        {isBest && (
          <Badge variant="light" size="sm" tt="none">
            {t('simulation.offer.best')}
          </Badge>
        )}
      </Group>
      {funder.house && (
        <Text size="sm" c="dimmed">
          {t('simulation.offer.house')}
        </Text>
      )}
    </Stack>
  );
}

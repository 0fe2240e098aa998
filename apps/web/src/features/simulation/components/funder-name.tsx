import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Estimate } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  funder: Pick<Estimate['funder'], 'name'> & { house?: boolean };
  /** The best offer (or bid) of the set, said with a badge. */
  isBest: boolean;
  /** The badge's words: "best offer" unless told (a quote's bids say "best bid"). */
  bestLabel?: string;
};

/**
 * Who pays at an offer or a bid: the funder's name, or for the house offer the buyer's name with "the program's own
 * rate" under it (the program's rate is not a funder's, docs/product/funders.md).
 */
export function FunderName({ funder, isBest, bestLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{funder.name}</Text>
        {isBest && (
          <Badge variant="light" size="sm" tt="none">
            {bestLabel ?? t('simulation.offer.best')}
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

import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Estimate, OfferChoice, PricedOffer } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { differenceCents, isBestOffer, otherOffers } from '../offers';
import { FunderName } from './funder-name';

type Props = {
  estimate: Estimate;
  /** The offer being priced after a choice: its button waits. */
  pendingOffer: OfferChoice | null;
  /** Prices are on their way: no other choice meanwhile. */
  isRepricing: boolean;
  onChoose: (offerId: OfferChoice) => void;
};

/**
 * "Other offers": every offer but the one shown, best first, each with what the supplier would receive, the
 * difference to the offer shown, and its effective monthly cost; choosing one prices the set at it. Nothing when
 * the offer shown is the only one.
 */
export function OtherOffers({ estimate, pendingOffer, isRepricing, onChoose }: Props) {
  const { t } = useTranslation();
  const others = otherOffers(estimate);
  if (others.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="other-offers-title" gap="xs">
      <Title order={2} size="h4" id="other-offers-title">
        {t('simulation.offers.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('simulation.offers.intro')}
      </Text>
      <Stack
        component="ul"
        aria-labelledby="other-offers-title"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {others.map((offer) => (
          <OfferItem
            key={String(offer.offerId)}
            offer={offer}
            estimate={estimate}
            isChoosing={pendingOffer === offer.offerId}
            isDisabled={isRepricing}
            onChoose={() => onChoose(offer.offerId)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

type ItemProps = {
  offer: PricedOffer;
  estimate: Estimate;
  isChoosing: boolean;
  isDisabled: boolean;
  onChoose: () => void;
};

function OfferItem({ offer, estimate, isChoosing, isDisabled, onChoose }: ItemProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const difference = differenceCents(offer, estimate);
  const amount = format.cents(Math.abs(difference));
  const differenceText =
    difference === 0
      ? t('simulation.offers.same')
      : t(difference > 0 ? 'simulation.offers.more' : 'simulation.offers.less', { amount });
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        verticalSpacing="xs"
        style={{ alignItems: 'center' }}
      >
        <FunderName funder={offer.funder} isBest={isBestOffer(estimate, offer.offerId)} />
        <SimpleGrid component="dl" cols={2} spacing="md" m={0}>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('simulation.offers.net')}
            </Text>
            <Text component="dd" m={0} fw={600} style={{ whiteSpace: 'nowrap' }}>
              {format.money(offer.total)}
            </Text>
            <Text component="dd" m={0} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {differenceText}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('simulation.total.monthly-cost')}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {offer.effectiveMonthlyCost === null ? '—' : format.percent(offer.effectiveMonthlyCost)}
            </Text>
          </div>
        </SimpleGrid>
        <Button
          variant="light"
          w={{ base: '100%', sm: 'auto' }}
          style={{ justifySelf: 'end' }}
          onClick={onChoose}
          loading={isChoosing}
          disabled={isDisabled && !isChoosing}
          aria-label={t('simulation.offers.choose-named', { funder: offer.funder.name })}
        >
          {t('simulation.offers.choose')}
        </Button>
      </SimpleGrid>
    </Paper>
  );
}

import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Estimate } from '@portal/contract';
import { FigureLine } from '../../../components/data-display/figure-line';
import { shownNumber } from '../../../lib/format/number-format';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MessageKey } from '../../../locales/catalogues';
import { costBreakdown } from '../cost-breakdown';
import { isBestOffer, namesFunder } from '../offers';
import { FunderName } from './funder-name';

const costLines = [
  ['investorDiscount', 'simulation.total.investor-discount'],
  ['platformFee', 'simulation.total.platform-fee'],
  ['dailyIof', 'simulation.total.daily-iof'],
  ['fixedIof', 'simulation.total.fixed-iof'],
  ['bankFee', 'simulation.total.bank-fee'],
] as const satisfies readonly (readonly [string, MessageKey])[];

/**
 * The totals: who pays (where there is a choice or a funder pays), what arrives and when as the two largest
 * figures, then every cost as its own line (even at zero), the average timeframe and the effective monthly cost
 * suppliers compare across offers.
 */
export function EstimateSummary({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const format = useFormat();
  const lines = costBreakdown(estimate);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="estimate-totals"
    >
      <Text id="estimate-totals" className="visually-hidden" component="h2">
        {t('simulation.total.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          {namesFunder(estimate) && (
            <Stack gap={0} id="shown-funder" tabIndex={-1} data-testid="funder">
              <Text size="sm" c="dimmed">
                {t('simulation.offer.funder')}
              </Text>
              <FunderName
                funder={estimate.funder}
                isBest={estimate.offers.length > 1 && isBestOffer(estimate, estimate.offerId)}
              />
            </Stack>
          )}
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('simulation.total.net')}
            </Text>
            <Text
              fz={{ base: 32, sm: 40 }}
              fw={600}
              lh={1.15}
              c="var(--portal-money-received)"
              data-testid="net-amount"
            >
              {format.cents(lines.net)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('simulation.total.payment-date')}
            </Text>
            <Text fz={{ base: 26, sm: 32 }} fw={600} lh={1.15}>
              {format.longDate(estimate.date)}
            </Text>
            <Text size="sm">{t('simulation.total.days-to-pay', { count: estimate.daysToPay })}</Text>
          </Stack>
        </Stack>
        <Stack gap="xs" component="dl" m={0}>
          <FigureLine
            label={t('simulation.total.value', { count: estimate.creditEstimates.length })}
            value={format.cents(lines.value)}
          />
          {costLines.map(([key, label]) => (
            <FigureLine key={key} label={t(label)} value={format.cents(lines[key])} isCost />
          ))}
          <FigureLine
            label={t('simulation.total.net')}
            value={format.cents(lines.net)}
            isStrong
            rule="solid"
          />
          <FigureLine
            rule="dashed"
            label={t('simulation.total.average-timeframe')}
            value={t('simulation.total.days', {
              count: shownNumber(estimate.averageTimeframe),
              days: format.number(estimate.averageTimeframe),
            })}
          />
          <FigureLine
            label={t('simulation.total.monthly-cost')}
            value={
              estimate.effectiveMonthlyCost === null ? '—' : format.percent(estimate.effectiveMonthlyCost)
            }
          />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

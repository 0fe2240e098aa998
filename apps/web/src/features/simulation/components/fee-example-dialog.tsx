import { Divider, Modal, Stack } from '@mantine/core';
import type { SimulationExample } from '@portal/contract';
import { FigureLine } from '../../../components/data-display/figure-line';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MessageKey } from '../../../locales/catalogues';
import { useSimulationExample } from '../api/get-simulation-example';

type Props = { programId: number; opened: boolean; onClose: () => void };

// Every part of the difference, each its own line even at zero (DESIGN), so value minus the lines is what the
// supplier receives: the call names each part (docs/product/pricing-and-eligibility.md#fee-example).
const costLines = [
  ['investorDiscount', 'simulation.example.investor-discount'],
  ['platformDiscount', 'simulation.example.platform-discount'],
  ['dailyIof', 'simulation.example.daily-iof'],
  ['fixedIof', 'simulation.example.fixed-iof'],
  ['bankFee', 'simulation.example.bank-fee'],
] as const satisfies readonly (readonly [keyof SimulationExample, MessageKey])[];

/** How the fees work: the monthly discount rate and the platform fee, on a worked R$ 10.000,00 example. */
export function FeeExampleDialog({ programId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const example = useSimulationExample(programId, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      closeButtonProps={{ 'aria-label': t('global.close') }}
      title={t('simulation.example.title')}
    >
      {example.isPending && <PageSpinner />}
      {example.isError && (
        <ErrorState
          message={t('simulation.example.error')}
          actionLabel={t('global.try-again')}
          onAction={() => void example.refetch()}
        />
      )}
      {example.data && (
        <Stack gap="sm">
          <Stack gap="xs" component="dl" m={0}>
            <FigureLine
              label={t('simulation.example.investor-rate')}
              value={t('simulation.example.per-month', {
                rate: format.percentNumber(example.data.investorRemuneration),
              })}
            />
            <FigureLine
              label={t('simulation.example.platform-rate')}
              value={t('simulation.example.per-transaction', {
                rate: format.percentNumber(example.data.platformRemuneration),
              })}
            />
          </Stack>
          <Divider label={t('simulation.example.worked')} labelPosition="left" />
          <Stack gap="xs" component="dl" m={0}>
            <FigureLine
              label={t('simulation.example.original')}
              value={format.money(example.data.originalValue)}
            />
            {costLines.map(([key, label]) => (
              <FigureLine key={key} label={t(label)} value={format.money(example.data[key])} isCost />
            ))}
            <FigureLine
              label={t('simulation.example.anticipation')}
              value={format.money(example.data.anticipationValue)}
              isStrong
              rule="solid"
            />
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

import { Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSimulationExample } from '../api/get-simulation-example';

type Props = { programId: number; opened: boolean; onClose: () => void };

function Row({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={isStrong ? 600 : 400}>{label}</Text>
      <Text fw={isStrong ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

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
          <Row
            label={t('simulation.example.investor-rate')}
            value={t('simulation.example.per-month', {
              rate: format.percentNumber(example.data.investorRemuneration),
            })}
          />
          <Row
            label={t('simulation.example.platform-rate')}
            value={t('simulation.example.per-transaction', {
              rate: format.percentNumber(example.data.platformRemuneration),
            })}
          />
          <Divider label={t('simulation.example.worked')} labelPosition="left" />
          <Row label={t('simulation.example.original')} value={format.money(example.data.originalValue)} />
          <Row
            label={t('simulation.example.investor-discount')}
            value={`− ${format.money(example.data.investorDiscount)}`}
          />
          <Row
            label={t('simulation.example.platform-discount')}
            value={`− ${format.money(example.data.platformDiscount)}`}
          />
          <Divider />
          <Row
            label={t('simulation.example.anticipation')}
            value={format.money(example.data.anticipationValue)}
            isStrong
          />
        </Stack>
      )}
    </Modal>
  );
}

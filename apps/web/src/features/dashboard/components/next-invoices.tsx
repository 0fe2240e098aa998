import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NextCredit } from '@portal/contract';
import { ErrorState } from '../../../components/feedback/error-state';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNextCredits } from '../api/list-next-credits';

type Props = { labelledBy: string; busyId: number | null; onCalculate: (credit: NextCredit) => void };

/** The next invoices to fall due (client, maturity, value) with a calculate button that opens the simulation. */
export function NextInvoices({ labelledBy, busyId, onCalculate }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const credits = useNextCredits();
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  if (credits.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={t('global.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  }
  if (credits.isError) {
    return (
      <ErrorState
        message={t('dashboard.next.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void credits.refetch()}
      />
    );
  }
  if (credits.data.length === 0) return <Text c="dimmed">{t('dashboard.next.empty')}</Text>;
  const calculate = (credit: NextCredit) => (
    <Button
      size="compact-sm"
      variant="light"
      loading={busyId === credit.id}
      onClick={() => onCalculate(credit)}
      aria-label={t('dashboard.next.calculate-invoice', { number: credit.nfNumber })}
    >
      {t('dashboard.next.calculate')}
    </Button>
  );
  if (isPhone) {
    // A phone gets one line per invoice instead of a table to scroll sideways.
    return (
      <Stack component="ul" gap={0} p={0} m={0} aria-labelledby={labelledBy} style={{ listStyle: 'none' }}>
        {credits.data.map((credit) => (
          <Group
            component="li"
            key={credit.id}
            justify="space-between"
            wrap="nowrap"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {credit.buyer}
              </Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.next.maturity')} {format.date(credit.expireDate)}
              </Text>
              <Text fw={600}>{format.money(credit.originalValue)}</Text>
            </Stack>
            {calculate(credit)}
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={440}
      type="native"
      tabIndex={0}
      // Positioned, so visually hidden text inside scrolled cells cannot widen the page.
      pos="relative"
      role="group"
      aria-labelledby={labelledBy}
    >
      <Table aria-labelledby={labelledBy} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.next.client')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.next.maturity')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('dashboard.next.value')}
            </Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{t('dashboard.next.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.data.map((credit) => (
            <Table.Tr key={credit.id}>
              <Table.Td>{credit.buyer}</Table.Td>
              <Table.Td>{format.date(credit.expireDate)}</Table.Td>
              <Table.Td ta="right">{format.money(credit.originalValue)}</Table.Td>
              <Table.Td ta="right">{calculate(credit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

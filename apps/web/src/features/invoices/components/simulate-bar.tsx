import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import classes from './simulate-bar.module.css';

type Props = {
  isActive: boolean;
  /** Count and total (centavos) of the selection; null while "all" is being counted. */
  summary: { count: number; cents: number } | null;
  isAllSelected: boolean;
  isBusy: boolean;
  onToggleAll: () => void;
  onSimulate: () => void;
  history: { to: string; state?: unknown };
};

/**
 * Sticky at the bottom of the list: the count and total of the selection, select all, simulate the selection
 * and the requests already made. An inactive participation shows why nothing can be simulated instead. Two
 * short rows on a phone, one row on a laptop.
 */
export function SimulateBar({
  isActive,
  summary,
  isAllSelected,
  isBusy,
  onToggleAll,
  onSimulate,
  history,
}: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const count = summary?.count ?? 0;
  const hasNothing = summary !== null && count === 0;
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const toggleAll = (
    <Button
      variant={isPhone ? 'subtle' : 'default'}
      size={isPhone ? 'compact-sm' : 'sm'}
      onClick={onToggleAll}
      disabled={isBusy}
    >
      {t(isAllSelected ? 'invoices.bar.deselect-all' : 'invoices.bar.select-all')}
    </Button>
  );
  const simulate = (
    <Button
      onClick={onSimulate}
      disabled={count === 0}
      loading={isBusy}
      fullWidth={isPhone}
      aria-describedby={hasNothing ? 'simulate-hint' : undefined}
    >
      {t('invoices.bar.simulate')}
    </Button>
  );
  return (
    <Group
      className={classes.bar}
      justify="space-between"
      gap="xs"
      role="region"
      aria-label={t('invoices.bar.label')}
    >
      <Stack gap={0} style={{ flex: '1 1 12rem' }}>
        {isActive ? (
          <div aria-live="polite">
            <Text fw={600}>{summary ? t('invoices.bar.count', { count }) : t('invoices.bar.counting')}</Text>
            {hasNothing ? (
              <Text size="sm" c="dimmed" id="simulate-hint">
                {t('invoices.bar.simulate-hint')}
              </Text>
            ) : (
              <Text size="sm">
                {t('invoices.bar.total')} <strong>{format.cents(summary?.cents ?? 0)}</strong>
              </Text>
            )}
          </div>
        ) : (
          <Text fw={600} c="#7a4d00" role="status">
            {t('invoices.bar.inactivated')}
          </Text>
        )}
        <Anchor component={Link} to={history.to} state={history.state} size="sm" fw={600} w="fit-content">
          {t('invoices.view-requests')}
        </Anchor>
      </Stack>
      {isActive && !isPhone && (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {toggleAll}
          {simulate}
        </Group>
      )}
      {isActive && isPhone && (
        <>
          <div style={{ alignSelf: 'flex-start' }}>{toggleAll}</div>
          {simulate}
        </>
      )}
    </Group>
  );
}

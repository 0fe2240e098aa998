import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format/use-format';
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
 * and the requests already made. An inactive participation shows why nothing can be simulated instead.
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
  const historyLink = (
    <Anchor component={Link} to={history.to} state={history.state} size="sm" fw={600}>
      {t('invoices.view-requests')}
    </Anchor>
  );
  return (
    <Group
      className={classes.bar}
      justify="space-between"
      gap="sm"
      role="region"
      aria-label={t('invoices.bar.label')}
    >
      {isActive ? (
        <Stack gap={0} aria-live="polite">
          <Text fw={600}>{summary ? t('invoices.bar.count', { count }) : t('invoices.bar.counting')}</Text>
          <Text size="sm">
            {t('invoices.bar.total')} <strong>{format.cents(summary?.cents ?? 0)}</strong>
          </Text>
        </Stack>
      ) : (
        <Text fw={600} c="yellow.9" role="status">
          {t('invoices.bar.inactivated')}
        </Text>
      )}
      <Group gap="sm" wrap="wrap" justify="flex-end">
        {historyLink}
        {isActive && (
          <>
            <Button variant="default" onClick={onToggleAll} disabled={isBusy}>
              {t(isAllSelected ? 'invoices.bar.deselect-all' : 'invoices.bar.select-all')}
            </Button>
            <Stack gap={2} align="flex-end">
              <Button
                onClick={onSimulate}
                disabled={count === 0}
                loading={isBusy}
                aria-describedby={count === 0 ? 'simulate-hint' : undefined}
              >
                {t('invoices.bar.simulate')}
              </Button>
              {count === 0 && (
                <Text id="simulate-hint" size="xs" c="dimmed">
                  {t('invoices.bar.simulate-hint')}
                </Text>
              )}
            </Stack>
          </>
        )}
      </Group>
    </Group>
  );
}

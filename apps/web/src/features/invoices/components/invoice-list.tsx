import { Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Credit, CreditSortKey } from '@portal/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useCreditPages } from '../api/list-credits';
import type { InitialSelection } from '../selection';
import { type SortState, toSortParam } from '../sort';
import { useInvoiceSelection } from '../use-invoice-selection';
import { InvoiceCards } from './invoice-cards';
import { InvoiceTable } from './invoice-table';
import { SimulateBar } from './simulate-bar';

type Props = {
  providerId: number;
  isActive: boolean;
  sort: SortState;
  onSort: (key: CreditSortKey) => void;
  labelledBy: string;
  emptyMessage: string;
  /** The next step of the empty list (choose another program). */
  emptyAction: ReactNode;
  renderAction: (credit: Credit) => ReactNode;
  history: { to: string; state?: unknown };
  /** The ids to price ([] = every credit of the provider). */
  onSimulate: (creditIds: number[]) => void;
  /** The selection to open with (the simulation's way back); a new sort or a reload still clears it. */
  initialSelection?: InitialSelection;
};

/** Below this width the table would squeeze its columns: cards instead (phones and small tablets). */
const cardsQuery = '(max-width: 1079px)';

/**
 * The open invoices of a program provider: infinite, virtualized, sortable on the server, selectable, with the
 * sticky simulate bar. Sorting or reloading resets the selection.
 */
export function InvoiceList({
  providerId,
  isActive,
  sort,
  onSort,
  onSimulate,
  initialSelection,
  ...view
}: Props) {
  const { t } = useTranslation();
  const useCards = useMediaQuery(cardsQuery, undefined, { getInitialValueInEffect: false });
  const [reloads, setReloads] = useState(0);
  const sortParam = toSortParam(sort);
  const pages = useCreditPages(providerId, sortParam);
  const credits = useMemo(() => pages.data?.pages.flatMap((page) => page.content) ?? [], [pages.data]);
  const totalCount = pages.data?.pages[0]?.totalElements ?? 0;
  const selection = useInvoiceSelection({
    providerId,
    isActive,
    loaded: credits,
    hasNextPage: pages.hasNextPage,
    resetKey: `${sortParam}|${reloads}`,
    initial: initialSelection,
  });
  if (pages.isPending) return <PageSpinner />;
  if (pages.isError && credits.length === 0) {
    return (
      <ErrorState
        message={t('invoices.error')}
        actionLabel={t('global.try-again')}
        onAction={() => {
          setReloads((count) => count + 1);
          void pages.refetch();
        }}
      />
    );
  }
  const listProps = {
    credits,
    totalCount,
    hasNextPage: pages.hasNextPage,
    isFetchingNextPage: pages.isFetchingNextPage,
    onLoadMore: () => void pages.fetchNextPage(),
    sort,
    onSort,
    isSelected: selection.isSelected,
    isSelectable: selection.isSelectable,
    onToggle: selection.toggle,
    renderAction: view.renderAction,
    labelledBy: view.labelledBy,
  };
  const simulate = () => {
    const ids = selection.simulationIds();
    if (ids) onSimulate(ids);
  };
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="loaded-count">
        {t('invoices.loaded', { loaded: credits.length, total: totalCount })}
      </Text>
      {credits.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="md" ta="center">
            <Text role="status">{view.emptyMessage}</Text>
            {view.emptyAction}
          </Stack>
        </Paper>
      ) : useCards ? (
        <InvoiceCards {...listProps} />
      ) : (
        <InvoiceTable {...listProps} />
      )}
      {credits.length > 0 && (
        <SimulateBar
          isActive={isActive}
          summary={selection.summary}
          isAllSelected={selection.selection.isAllSelected}
          isBusy={selection.isCounting}
          onToggleAll={selection.toggleAll}
          onSimulate={simulate}
          history={view.history}
        />
      )}
    </>
  );
}

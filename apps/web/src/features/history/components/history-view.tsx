import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useBatches } from '../api/list-batches';
import { HistoryCards } from './history-cards';
import { HistoryTable } from './history-table';

type Props = {
  providerId: number;
  /** Zero-based. */
  page: number;
  onPage: (page: number) => void;
  labelledBy: string;
  emptyMessage: string;
};

/** A page of the requests, with pagination; spinner, error with try-again, or the empty message. */
export function HistoryView({ providerId, page, onPage, labelledBy, emptyMessage }: Props) {
  const { t } = useTranslation();
  const batches = useBatches(providerId, page);
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  if (batches.isPending) return <PageSpinner />;
  if (batches.isError) {
    return (
      <ErrorState
        message={t('history.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void batches.refetch()}
      />
    );
  }
  const { content, totalElements, size } = batches.data;
  if (totalElements === 0) {
    return (
      <Text role="status" py="xl" ta="center">
        {emptyMessage}
      </Text>
    );
  }
  const pageCount = Math.ceil(totalElements / size);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="history-total">
        {t('history.total', { count: totalElements })}
      </Text>
      {isPhone ? (
        <HistoryCards batches={content} labelledBy={labelledBy} />
      ) : (
        <HistoryTable batches={content} labelledBy={labelledBy} />
      )}
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={page + 1}
            onChange={(next) => onPage(next - 1)}
            getControlProps={(control) => ({
              'aria-label': t(control === 'next' ? 'history.page.next' : 'history.page.previous'),
            })}
            getItemProps={(item) => ({ 'aria-label': t('history.page.number', { page: item }) })}
          />
        </Group>
      )}
    </Stack>
  );
}

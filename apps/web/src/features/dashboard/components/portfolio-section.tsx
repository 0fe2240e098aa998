import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { usePortfolio } from '../api/get-portfolio';
import { PortfolioTable } from './portfolio-table';

// recharts stays out of the dashboard's first load (STACK_NOTES): the chart arrives in its own chunk.
const PortfolioChart = lazy(() => import('./portfolio-chart'));

const chartFallback = <Skeleton h={260} />;

/** The portfolio of the last 3 months: the chart, and the same numbers as an accessible table. */
export function PortfolioSection({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const portfolio = usePortfolio();
  if (portfolio.isPending) {
    return (
      <Stack role="status" aria-label={t('global.loading')}>
        {chartFallback}
      </Stack>
    );
  }
  if (portfolio.isError) {
    return (
      <ErrorState
        message={t('dashboard.portfolio.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void portfolio.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <Suspense fallback={chartFallback}>
        <PortfolioChart months={portfolio.data} />
      </Suspense>
      <PortfolioTable months={portfolio.data} caption={caption} />
    </Stack>
  );
}

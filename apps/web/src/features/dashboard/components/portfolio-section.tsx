import { Box, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { usePortfolio } from '../api/get-portfolio';
import { useNearViewport } from '../use-near-viewport';
import { PortfolioTable } from './portfolio-table';

// recharts stays out of the dashboard's first load (STACK_NOTES): the chart arrives in its own chunk, and only
// once its place nears the viewport (below the fold on a phone, where the table has the same figures).
const PortfolioChart = lazy(() => import('./portfolio-chart'));

/** The chart's height, kept by its placeholder so nothing moves when the bars arrive. */
export const chartHeight = 260;

/** The portfolio of the last 3 months: the chart, and the same numbers as an accessible table. */
export function PortfolioSection({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const portfolio = usePortfolio();
  const chart = useNearViewport<HTMLDivElement>();
  const placeholder = <Skeleton h={chartHeight} />;
  if (portfolio.isPending) {
    return (
      <Stack role="status" aria-label={t('global.loading')}>
        {placeholder}
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
      <Box ref={chart.ref} h={chartHeight} data-testid="portfolio-chart">
        {chart.isNear ? (
          <Suspense fallback={placeholder}>
            <PortfolioChart months={portfolio.data} height={chartHeight} />
          </Suspense>
        ) : (
          placeholder
        )}
      </Box>
      <PortfolioTable months={portfolio.data} caption={caption} />
    </Stack>
  );
}

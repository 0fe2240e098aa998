import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { PortfolioMonth } from '@portal/contract';
import { useMemo } from 'react';
import { appConfig } from '../../../config/app-config';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

/**
 * The bars of the portfolio (to receive versus advanced). recharts is large, so this module is loaded with a
 * dynamic import() by PortfolioSection; the same figures are in the table next to it for screen readers.
 */
export default function PortfolioChart({
  months,
  height,
}: {
  months: readonly PortfolioMonth[];
  height: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // The axis shows compact amounts (R$ 1 mi) so it fits a phone; the tooltip and the table show them in full.
  const axis = useMemo(
    () =>
      new Intl.NumberFormat(format.locale, {
        style: 'currency',
        currency: appConfig.currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
    [format.locale],
  );
  const data = months.map((month) => ({ ...month, label: format.month(month.month) }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      series={[
        { name: 'toReceive', label: t('dashboard.portfolio.to-receive'), color: 'brand.6' },
        { name: 'advanced', label: t('dashboard.portfolio.advanced'), color: 'var(--portal-money-received)' },
      ]}
      valueFormatter={format.money}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ width: 72, tickFormatter: (value: number) => axis.format(value) }}
      tickLine="y"
      // The table next to the chart is what assistive technology reads; the bars stay out of the tab order.
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden
    />
  );
}

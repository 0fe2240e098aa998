import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { AutoRuleBody } from '@portal/contract';
import { useId } from 'react';
import { isApiError } from '../../../lib/errors/app-error';
import { displayOf } from '../../../lib/errors/display-rules';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useAutoRulePreview } from '../api/preview-auto-rule';
import { previewFigures } from '../rule-summary';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What the draft rule would request if it ran now, asked again as the draft changes: the number of credits,
 * the net amount, the whole cost (discount, fees and IOF) and the effective monthly cost; "nothing to take"
 * when no credit passes the filters. `body` null: the draft has errors, and the preview waits for them to go.
 */
export function RulePreview({ body }: { body: AutoRuleBody | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const preview = useAutoRulePreview(body);
  const titleId = useId();
  const content = () => {
    if (body === null) return <Text size="sm">{t('automation.preview.invalid')}</Text>;
    if (preview.isPending) {
      return (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('automation.preview.loading')}</Text>
        </Group>
      );
    }
    if (preview.isError) {
      const reason = isApiError(preview.error) ? displayOf(preview.error.detail).messageKey : 'error.unknown';
      return <Text size="sm">{t('automation.preview.error', { reason: t(reason) })}</Text>;
    }
    const { estimate } = preview.data;
    if (estimate === null || estimate.creditEstimates.length === 0) {
      return <Text size="sm">{t('automation.preview.nothing')}</Text>;
    }
    const figures = previewFigures(estimate);
    return (
      <Stack component="dl" gap={6} m={0}>
        <Figure label={t('automation.preview.credits')} value={format.number(figures.count)} />
        <Figure label={t('automation.preview.net')} value={format.cents(figures.netCents)} />
        <Figure label={t('automation.preview.cost')} value={format.cents(figures.costCents)} />
        <Figure
          label={t('automation.preview.monthly-cost')}
          value={
            figures.monthlyCost === null
              ? t('automation.preview.not-defined')
              : format.percent(figures.monthlyCost)
          }
        />
      </Stack>
    );
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      component="section"
      aria-labelledby={titleId}
      aria-live="polite"
      aria-busy={preview.isFetching}
      data-testid="rule-preview"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text id={titleId} fw={600} component="h4" m={0} size="sm">
            {t('automation.preview.title')}
          </Text>
          {preview.isFetching && !preview.isPending && <Loader size="xs" aria-hidden />}
        </Group>
        {content()}
      </Stack>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useMemo } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useUnavailableCredits } from '../api/list-unavailable-credits';
import { UnavailableCards } from './unavailable-cards';
import { UnavailableTable } from './unavailable-table';

type Props = { providerId: number };

/**
 * The program provider's invoices that cannot be advanced now, each with its reason
 * (docs/product/screens-and-routes.md#not-available): a table, cards on a phone, "show more" while pages
 * follow; a spinner, an error with try-again, or a message when there are none (any more).
 */
export function UnavailableList({ providerId }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const pages = useUnavailableCredits(providerId);
  const credits = useMemo(() => pages.data?.pages.flatMap((page) => page.content) ?? [], [pages.data]);
  if (pages.isPending) return <PageSpinner />;
  if (pages.isError && credits.length === 0) {
    return (
      <ErrorState
        message={t('invoices.unavailable.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void pages.refetch()}
      />
    );
  }
  if (credits.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text role="status" ta="center">
          {t('invoices.unavailable.empty')}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {/* The segmented control above shows the list's name; the heading gives it to screen readers. */}
      <Title order={2} className="visually-hidden" id={headingId}>
        {t('invoices.tabs.unavailable')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('invoices.unavailable.intro')}
      </Text>
      {isPhone ? (
        <UnavailableCards credits={credits} labelledBy={headingId} />
      ) : (
        <UnavailableTable credits={credits} labelledBy={headingId} />
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
          >
            {t('invoices.unavailable.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

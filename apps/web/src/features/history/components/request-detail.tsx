import { Anchor, Button, Flex, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BatchDetail } from '@portal/contract';
import { lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { paths } from '../../../config/paths';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { pinProblemOf } from '../../../lib/errors/pin-problem';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMountAfterFirstOpen } from '../../../lib/use-mount-after-first-open';
import { useCancelBatch } from '../api/cancel-batch';
import { statementUrl } from '../api/download-statement';
import { useBatch } from '../api/get-batch';
import { useDownloadStatement } from '../use-download-statement';
import { AutomaticBadge, BatchStatusBadge } from './batch-status-badge';
import { RequestCredits } from './request-credits';
import { RequestSummary } from './request-summary';
import { RequestTimeline } from './request-timeline';

// The cancel dialog (Mantine's modal, the PIN form) loads the first time it opens: most visits only read the
// request (docs/decisions/web-first-load.md#overlays-on-open).
const CancelRequestDialog = lazy(() =>
  import('./cancel-request-dialog').then((module) => ({ default: module.CancelRequestDialog })),
);

type Props = {
  /** Null when the address holds no valid id: the not-found state, without asking the server. */
  batchId: number | null;
  /** The history's query string the user came from (RequestLinkState), for the way back. */
  historySearch?: string;
  /** Cancelling asks for the transaction PIN: the request's program requires it. */
  requirePin?: boolean;
};

/** The history page of the request's participation: the one the user came from when it is that one. */
function historyOf(detail: BatchDetail, historySearch: string | undefined): string {
  const from = new URLSearchParams(historySearch ?? '');
  if (historySearch && from.get('providerId') === String(detail.programProviderId)) {
    return `${paths.anticipationHistory}${historySearch}`;
  }
  const search = new URLSearchParams({
    providerId: String(detail.programProviderId),
    programId: String(detail.programId),
  });
  return `${paths.anticipationHistory}?${search}`;
}

function BackRibbon({ to, label }: { to: string; label: string }) {
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Anchor component={Link} to={to} fw={600} size="sm">
        <span aria-hidden>← </span>
        {label}
      </Anchor>
    </Paper>
  );
}

/**
 * A missing id, none of the caller's companies' (the server's 404), or a malformed address: said on the page,
 * with the way back to the history the user came from, else to the programs (whose history holds the requests).
 */
function RequestNotFound({ historySearch }: { historySearch?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" my="xl">
      <title>{`${t('request.not-found.title')} · ${t('app.name')}`}</title>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} size="h2">
          {t('request.not-found.title')}
        </Title>
        <Text c="dimmed">{t('request.not-found.text')}</Text>
        {historySearch ? (
          <Button component={Link} to={`${paths.anticipationHistory}${historySearch}`}>
            {t('request.back')}
          </Button>
        ) : (
          <Button component={Link} to={paths.programSelection}>
            {t('global.choose-program')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/anticipation/history/:id` (docs/product/screens-and-routes.md#request-page): the request's status, its
 * figures as frozen when it was made, its timeline and credits, the statement, and the cancel while the
 * request may still be cancelled.
 */
export function RequestDetail({ batchId, historySearch, requirePin = false }: Props) {
  if (batchId === null) return <RequestNotFound historySearch={historySearch} />;
  return <LoadedRequest key={batchId} id={batchId} historySearch={historySearch} requirePin={requirePin} />;
}

function LoadedRequest({
  id,
  historySearch,
  requirePin,
}: {
  id: number;
  historySearch?: string;
  requirePin: boolean;
}) {
  const { t } = useTranslation();
  const batch = useBatch(id);
  // The request's answer reaches React as a blocking update (TanStack Query's useSyncExternalStore): the view,
  // the page's biggest render, mounts in a deferred render instead, which React slices and interrupts for input
  // (docs/decisions/web-first-load.md#phone). The spinner stays meanwhile.
  const detail = useDeferredValue(batch.data);
  if (batch.isPending) return <PageSpinner />;
  if (batch.isError) {
    return (
      <ErrorState
        message={t('request.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void batch.refetch()}
      />
    );
  }
  if (batch.data === null) return <RequestNotFound historySearch={historySearch} />;
  if (!detail) return <PageSpinner />;
  return <RequestView detail={detail} historySearch={historySearch} requirePin={requirePin} />;
}

function RequestView({
  detail,
  historySearch,
  requirePin,
}: {
  detail: BatchDetail;
  historySearch?: string;
  requirePin: boolean;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const [isAsking, setAsking] = useState(false);
  const [hasCancelled, setCancelled] = useState(false);
  const mountsCancelDialog = useMountAfterFirstOpen(isAsking);
  const cancel = useCancelBatch(detail.id);
  const statement = useDownloadStatement(detail.id, t('request.statement.file', { id: detail.id }));
  // A PIN refusal keeps the dialog open, said beside the PIN; any other closes it (the page shows the request
  // as it now is).
  const confirmCancel = (pin: string | undefined, onPinRefused: (error: unknown) => void) =>
    cancel.mutate(pin, {
      onSuccess: () => {
        setCancelled(true);
        setAsking(false);
        showSuccess('request.cancel.success', { id: String(detail.id) });
      },
      onError: (error) => {
        if (pinProblemOf(error)) onPinRefused(error);
        else setAsking(false);
      },
    });
  // The cancel button is gone once the request is cancelled: the heading takes the focus the dialog would
  // have returned to it (the dialog returns none then).
  useEffect(() => {
    if (hasCancelled && !isAsking) heading.current?.focus();
  }, [hasCancelled, isAsking]);
  return (
    <Stack gap="lg">
      <title>{`${t('request.title', { id: detail.id })} · ${detail.programName} · ${t('app.name')}`}</title>
      <BackRibbon to={historyOf(detail, historySearch)} label={t('request.back')} />
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={6}>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outlineOffset: 4 }}>
            {t('request.title', { id: detail.id })}
          </Title>
          <Group gap="xs" data-testid="request-status">
            <BatchStatusBadge status={detail.status} />
            {detail.automatic && <AutomaticBadge />}
          </Group>
        </Stack>
        {/* On a phone one action a line, the full width: side by side their labels would be cut. */}
        <Flex gap="sm" direction={isPhone ? 'column' : 'row'} w={isPhone ? '100%' : undefined}>
          <Button
            component="a"
            href={statementUrl(detail.id)}
            variant="default"
            fullWidth={isPhone}
            loading={statement.isDownloading}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              void statement.download();
            }}
          >
            {t('request.statement')}
          </Button>
          {detail.cancellable && (
            <Button variant="outline" color="red.9" fullWidth={isPhone} onClick={() => setAsking(true)}>
              {t('request.cancel')}
            </Button>
          )}
        </Flex>
      </Group>
      {detail.status === 'REJECTED' && (
        <Paper
          component="section"
          aria-labelledby="request-rejection"
          withBorder
          radius="md"
          p="md"
          bg="red.0"
          style={{ borderColor: 'var(--mantine-color-red-3)' }}
        >
          <Title order={2} size="h5" id="request-rejection" c="#8f1d17" mb={4}>
            {t('request.rejection.title')}
          </Title>
          <Text data-testid="rejection-reason" style={{ whiteSpace: 'pre-wrap' }}>
            {detail.rejectionReason ?? t('request.rejection.none')}
          </Text>
        </Paper>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RequestSummary detail={detail} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RequestTimeline detail={detail} />
        </Grid.Col>
      </Grid>
      <RequestCredits credits={detail.credits} isPhone={isPhone} />
      {mountsCancelDialog && (
        <CancelRequestDialog
          detail={detail}
          opened={isAsking}
          isCancelling={cancel.isPending}
          onKeep={() => setAsking(false)}
          onConfirm={confirmCancel}
          returnsFocus={!hasCancelled}
          requirePin={requirePin}
        />
      )}
    </Stack>
  );
}

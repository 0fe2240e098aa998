import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchResult, Company, OfferChoice, Program } from '@portal/contract';
import { lazy, type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { randomUuid } from '../../../lib/random-id';
import { useMountAfterFirstOpen } from '../../../lib/use-mount-after-first-open';
import { useRequestBatch } from '../api/request-batch';
import { useIsPastMaxTime } from '../cut-off';
import { isOfferUnavailable } from '../offers';
import { useOfferChoice } from '../use-offer-choice';
import { AskFunders } from './ask-funders';
import { BankAccountNotice } from './bank-account-notice';
import { ConfirmationPanel } from './confirmation-panel';
import { EstimateSummary } from './estimate-summary';
import { EstimateTable } from './estimate-table';
import { OfferChangedNotice } from './offer-changed-notice';
import { OtherOffers } from './other-offers';

// The fee example and the success dialog (Mantine's modal) load the first time they open: the simulation's own
// load does not wait for them (docs/decisions/web-first-load.md#overlays-on-open). The success dialog's code starts with the
// confirmation, so it is here when the request answers.
const FeeExampleDialog = lazy(() =>
  import('./fee-example-dialog').then((module) => ({ default: module.FeeExampleDialog })),
);
const loadBatchSuccessDialog = () =>
  import('./batch-success-dialog').then((module) => ({ default: module.BatchSuccessDialog }));
const BatchSuccessDialog = lazy(loadBatchSuccessDialog);

type Props = {
  program: Program;
  /** The company the request would be for: without a bank account it cannot be made, which is said first. */
  company: Pick<Company, 'name' | 'hasBankAccount'>;
  /** [] prices every credit of the provider. */
  creditIds: readonly number[];
  /** The success dialog's OK. */
  onDone: () => void;
  /** The next step when nothing is left to request (choose another program). */
  noCreditsAction: ReactNode;
};

/**
 * The simulation: the estimate at the best offer, the other offers to choose from, request → confirmation
 * panel → confirm (at the offer shown) → success dialog. One Idempotency-Key per opening of the panel: a double
 * click or a retry after a lost answer makes one batch. Its state lives in this component and the query cache
 * (gcTime 0), so leaving the screen resets it.
 */
export function SimulationView({ program, company, creditIds, onDone, noCreditsAction }: Props) {
  const { t } = useTranslation();
  const offers = useOfferChoice(program.providerId, creditIds);
  const { estimate } = offers;
  const batch = useRequestBatch();
  const isPastMaxTime = useIsPastMaxTime(estimate.data?.anticipationMaxTime);
  const [isConfirming, setConfirming] = useState(false);
  const [isExampleOpen, setExampleOpen] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const isSending = useRef(false);

  // The estimate's answer reaches React as a blocking update (TanStack Query's useSyncExternalStore): the view,
  // the page's biggest render, mounts in a deferred render instead, which React slices and interrupts for input
  // (docs/decisions/web-first-load.md#phone). The spinner stays meanwhile.
  const shown = useDeferredValue(estimate.data);
  const mountsExample = useMountAfterFirstOpen(isExampleOpen);
  // A request made at a funder's bid (docs/product/auction.md#accept) ends in the same success dialog.
  const [acceptedBid, setAcceptedBid] = useState<BatchResult | undefined>(undefined);
  const requested = batch.data ?? acceptedBid;
  const mountsSuccess = useMountAfterFirstOpen(requested !== undefined);
  // After a choice, keyboard and screen-reader users land on who pays now: the button they pressed is gone.
  const focusesFunder = useRef(false);
  const shownOffer = shown?.offerId;
  useEffect(() => {
    if (shownOffer === undefined || !focusesFunder.current) return;
    focusesFunder.current = false;
    document.getElementById('shown-funder')?.focus();
  }, [shownOffer]);

  // An offer gone: what is said of it takes the focus the closed panel or the pressed button had.
  useEffect(() => {
    if (!offers.isResimulated) return;
    focusesFunder.current = false;
    document.getElementById('offers-changed')?.focus();
  }, [offers.isResimulated]);

  // The offer chosen went away meanwhile: the best of the moment is being asked for.
  if (estimate.isPending || offers.isChosenGone) return <PageSpinner label={t('simulation.loading')} />;
  if (estimate.isError) {
    return (
      <ErrorState
        message={t('simulation.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void estimate.refetch()}
      />
    );
  }
  if (!shown) return <PageSpinner label={t('simulation.loading')} />;
  const rows = shown.creditEstimates;
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="md">
          <Text role="status">{t('simulation.no-credits')}</Text>
          {noCreditsAction}
        </Stack>
      </Paper>
    );
  }
  const isActive = program.providerStatus === 'ACTIVATED' && shown.programFinancial.active;
  const canRequest = isActive && company.hasBankAccount;
  // Why Request is disabled: the participation or program is inactive, or the company cannot be paid.
  const requestHint = isActive ? t('simulation.bank-account.hint') : t('invoices.bar.inactivated');
  const openConfirmation = () => {
    idempotencyKey.current = randomUuid();
    setConfirming(true);
    void loadBatchSuccessDialog();
  };
  const choose = (offerId: OfferChoice) => {
    // The panel showed the previous offer's figures: a new choice is confirmed in a new opening.
    setConfirming(false);
    focusesFunder.current = true;
    offers.choose(offerId);
  };
  const confirm = (pin: string | undefined, onRefused: (error: unknown) => void) => {
    // A second click before React re-renders must not send a second request (the key would still save us).
    if (isSending.current || !idempotencyKey.current) return;
    isSending.current = true;
    batch.mutate(
      // The offer whose figures are shown: the request is made at them, or refused with nothing claimed.
      {
        creditIds: rows.map((row) => row.id),
        offerId: shown.offerId,
        idempotencyKey: idempotencyKey.current,
        pin,
      },
      {
        onSuccess: () => setConfirming(false),
        // Only successes are kept under a key (docs/product/requests.md#idempotency): a refused PIN is tried
        // again under the same one. An offer gone since the simulation: fresh offers, to confirm anew.
        onError: (error) => {
          if (!isOfferUnavailable(error)) return onRefused(error);
          setConfirming(false);
          offers.resimulate();
        },
        onSettled: () => {
          isSending.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {!company.hasBankAccount && <BankAccountNotice companyName={company.name} id="bank-account-notice" />}
      {offers.isResimulated && <OfferChangedNotice id="offers-changed" />}
      <EstimateSummary estimate={shown} />
      <OtherOffers
        estimate={shown}
        pendingOffer={offers.pendingOffer}
        isRepricing={offers.isRepricing}
        onChoose={choose}
      />
      <AskFunders
        program={program}
        estimate={shown}
        canRequest={canRequest}
        onAccepted={(result) => {
          void loadBatchSuccessDialog();
          setAcceptedBid(result);
        }}
      />
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" onClick={() => setExampleOpen(true)}>
          {t('simulation.example.open')}
        </Button>
        {!isConfirming && (
          <Stack gap={2} align="flex-end">
            <Button
              size="md"
              onClick={openConfirmation}
              disabled={!canRequest}
              // New prices are on their way: the request waits for them.
              loading={offers.isRepricing}
              aria-describedby={canRequest ? undefined : 'request-hint'}
            >
              {t('simulation.request')}
            </Button>
            {!canRequest && (
              <Text size="xs" c="dimmed" id="request-hint">
                {requestHint}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      <ConfirmationPanel
        opened={isConfirming}
        estimate={shown}
        isPastMaxTime={isPastMaxTime}
        isSending={batch.isPending}
        requirePin={program.requirePin}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
      <Stack gap="xs">
        <Title order={2} size="h4" id="estimate-credits">
          {t('simulation.credits.title', { count: rows.length })}
        </Title>
        <EstimateTable rows={rows} />
      </Stack>
      {mountsExample && (
        <FeeExampleDialog
          programId={program.id}
          opened={isExampleOpen}
          onClose={() => setExampleOpen(false)}
        />
      )}
      {mountsSuccess && <BatchSuccessDialog result={requested} onOk={onDone} />}
    </Stack>
  );
}

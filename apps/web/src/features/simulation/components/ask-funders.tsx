import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BatchResult, Estimate, Program, QuoteBid, QuoteDetail } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { TransactionPinField } from '../../../components/form/form-code-field';
import { usePinPrompt } from '../../../components/form/use-pin-prompt';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useAcceptQuote, useAskFunders, useQuote } from '../api/quotes';
import { FunderName } from './funder-name';

type Props = {
  program: Pick<Program, 'quoteMinimum' | 'requirePin'>;
  estimate: Estimate;
  /** The request can be made (active participation, a bank account): else bids cannot be taken either. */
  canRequest: boolean;
  /** The request made at a bid: the simulation's success dialog. */
  onAccepted: (result: BatchResult) => void;
};

/**
 * "Ask the funders" (docs/product/screens-and-routes.md#ask-funders): for a set worth at least the program's
 * quoteMinimum (null: it admits no funder), the admitted funders may be asked to bid for a few minutes. The bids arrive without a reload
 * (the quote is read every second while open), best first, beside the best standing offer, with the time left;
 * taking one makes the request at it.
 */
export function AskFunders({ program, estimate, canRequest, onAccepted }: Props) {
  const { t } = useTranslation();
  const ask = useAskFunders();
  const [quoteId, setQuoteId] = useState<number | null>(null);
  const quote = useQuote(quoteId);
  if (program.quoteMinimum === null || estimate.value < program.quoteMinimum) return null;
  const askNow = () =>
    ask.mutate(
      estimate.creditEstimates.map((row) => row.id),
      { onSuccess: (created) => setQuoteId(created.id) },
    );
  return (
    <Paper component="section" aria-labelledby="ask-funders-title" withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ask-funders-title">
          {t('simulation.quote.title')}
        </Title>
        {!quote.data && (
          <>
            <Text size="sm" c="dimmed">
              {t('simulation.quote.intro')}
            </Text>
            <Group justify="flex-end">
              <Button variant="light" onClick={askNow} loading={ask.isPending} disabled={!canRequest}>
                {t('simulation.quote.ask')}
              </Button>
            </Group>
          </>
        )}
        {quote.data && (
          <QuoteBids
            quote={quote.data}
            requirePin={program.requirePin}
            onAccepted={onAccepted}
            onAskAgain={() => {
              setQuoteId(null);
              askNow();
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

type BidsProps = {
  quote: QuoteDetail;
  requirePin: boolean;
  onAccepted: (result: BatchResult) => void;
  onAskAgain: () => void;
};

function QuoteBids({ quote, requirePin, onAccepted, onAskAgain }: BidsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const secondsLeft = useSecondsLeft(quote.closesAt);
  const [chosen, setChosen] = useState<QuoteBid | null>(null);
  const isOpen = quote.status === 'OPEN' && secondsLeft > 0;
  if (!isOpen && quote.status !== 'ACCEPTED') {
    return (
      <Stack gap="xs">
        <Text role="status">{t('simulation.quote.expired')}</Text>
        <Group justify="flex-end">
          <Button variant="light" onClick={onAskAgain}>
            {t('simulation.quote.ask-again')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text role="timer" aria-live="off" fw={600} data-testid="quote-time-left">
          {t('simulation.quote.time-left', { time: `${minutes}:${seconds}` })}
        </Text>
        <Text size="sm" role="status">
          {t('simulation.quote.bids', { count: quote.bids.length })}
        </Text>
      </Group>
      {quote.bids.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('simulation.quote.waiting')}
        </Text>
      )}
      {quote.bids.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('simulation.quote.list')}
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {quote.bids.map((bid, index) => (
            <Paper component="li" key={bid.bidId} withBorder radius="md" p="sm" data-testid="quote-bid">
              <SimpleGrid
                cols={{ base: 1, sm: 3 }}
                spacing="md"
                verticalSpacing="xs"
                style={{ alignItems: 'center' }}
              >
                <FunderName funder={bid.funder} isBest={index === 0} bestLabel={t('simulation.quote.best')} />
                <SimpleGrid component="dl" cols={2} spacing="md" m={0}>
                  <div>
                    <Text component="dt" size="xs" c="dimmed">
                      {t('simulation.offers.net')}
                    </Text>
                    <Text component="dd" m={0} fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {format.money(bid.total)}
                    </Text>
                  </div>
                  <div>
                    <Text component="dt" size="xs" c="dimmed">
                      {t('simulation.quote.rate')}
                    </Text>
                    <Text component="dd" m={0} fw={600}>
                      {format.percent(Number(bid.monthlyRate))}
                    </Text>
                  </div>
                </SimpleGrid>
                <Button
                  variant="light"
                  w={{ base: '100%', sm: 'auto' }}
                  style={{ justifySelf: 'end' }}
                  onClick={() => setChosen(bid)}
                  aria-label={t('simulation.quote.take-named', { funder: bid.funder.name })}
                >
                  {t('simulation.quote.take')}
                </Button>
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      )}
      {quote.bestOffer && (
        <Text size="sm" c="dimmed" data-testid="quote-best-offer">
          {t('simulation.quote.standing', {
            funder: quote.bestOffer.funder.name,
            net: format.money(quote.bestOffer.total),
          })}
        </Text>
      )}
      {chosen && (
        <TakeBid
          quoteId={quote.id}
          bid={chosen}
          requirePin={requirePin}
          onCancel={() => setChosen(null)}
          onAccepted={onAccepted}
        />
      )}
    </Stack>
  );
}

type TakeProps = {
  quoteId: number;
  bid: QuoteBid;
  requirePin: boolean;
  onCancel: () => void;
  onAccepted: (result: BatchResult) => void;
};

/** The last step before a request at a bid: who pays and how much, the PIN where the program requires it. */
function TakeBid({ quoteId, bid, requirePin, onCancel, onAccepted }: TakeProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const accept = useAcceptQuote();
  const { form, problem, refused, submitWithPin } = usePinPrompt();
  const send = (pin: string | undefined) =>
    accept.mutate(
      { id: quoteId, bidId: bid.bidId, ...(pin !== undefined && { pin }) },
      { onSuccess: onAccepted, onError: (error) => void refused(error) },
    );
  const sendWithPin = submitWithPin((pin) => send(pin));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    if (requirePin) void sendWithPin(event);
    else send(undefined);
  };
  return (
    <Alert variant="light" color="blue" title={t('simulation.quote.confirm-title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('simulation.quote.confirm-text', { funder: bid.funder.name, net: format.money(bid.total) })}
          </Text>
          {requirePin && <TransactionPinField control={form.control} name="pin" maw={320} />}
          <PinNotice problem={problem} id="quote-pin-problem" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={accept.isPending}>
              {t('global.cancel')}
            </Button>
            <Button type="submit" loading={accept.isPending}>
              {t('simulation.confirm.action')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}

/** Whole seconds until `instant`, at least 0, kept current every second. */
function useSecondsLeft(instant: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((new Date(instant).getTime() - now) / 1000));
}

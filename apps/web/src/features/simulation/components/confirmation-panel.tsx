import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, Title, Transition } from '@mantine/core';
import type { Estimate } from '@portal/contract';
import type { FormEvent } from 'react';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { TransactionPinField } from '../../../components/form/form-code-field';
import { usePinPrompt } from '../../../components/form/use-pin-prompt';
import { SafeHtml } from '../../../components/safe-html';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { namesFunder } from '../offers';

type Props = {
  opened: boolean;
  estimate: Estimate;
  isPastMaxTime: boolean;
  isSending: boolean;
  /** The program asks for the transaction PIN to request (docs/product/account-security.md#pin). */
  requirePin: boolean;
  onCancel: () => void;
  /** Sends the request, with the PIN where the program requires it; `onRefused` shows a PIN refusal. */
  onConfirm: (pin: string | undefined, onRefused: (error: unknown) => void) => void;
};

/**
 * The confirmation panel slides in over 500 ms, no motion when the system asks for less
 * (docs/product/screens-and-routes.md#constants).
 */
const panelDuration = 500;

/**
 * The last step before the request: the amount and the date, who pays (where the simulation names it), the
 * program's assignment term, the transaction PIN where the program requires it, and the confirm button,
 * disabled with the time-limit message once the day's cut-off has passed. A wrong PIN is said on its field; no
 * PIN set yet, with the way to the profile; a locked PIN, with the time it opens again.
 */
export function ConfirmationPanel({
  opened,
  estimate,
  isPastMaxTime,
  isSending,
  requirePin,
  onCancel,
  onConfirm,
}: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const term = estimate.programFinancial.financialConfiguration.sessionTerm;
  // Each opening asks afresh: a PIN typed before, or what was said of it, does not stay behind a cancel.
  const { form, problem, refused, submitWithPin } = usePinPrompt({ open: opened });
  const sendWithPin = submitWithPin((pin) => onConfirm(pin, refused));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPastMaxTime || isSending) return;
    if (requirePin) void sendWithPin(event);
    else onConfirm(undefined, refused);
  };
  const describedBy = [isPastMaxTime && 'cut-off-message', problem && 'pin-problem']
    .filter(Boolean)
    .join(' ');
  return (
    <Transition
      mounted={opened}
      transition="slide-up"
      duration={panelDuration}
      timingFunction="ease-out"
      // Keyboard and screen-reader users land on the panel they just opened.
      onEntered={() => {
        const title = document.getElementById('confirmation-title');
        title?.scrollIntoView({ block: 'nearest' });
        title?.focus();
      }}
    >
      {(styles) => (
        <Paper
          style={styles}
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          shadow="md"
          component="section"
          aria-labelledby="confirmation-title"
        >
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={2} size="h4" id="confirmation-title" tabIndex={-1}>
                {t('simulation.confirm.title')}
              </Title>
              <Text>
                {t('simulation.confirm.text', {
                  net: format.money(estimate.total),
                  date: format.longDate(estimate.date),
                })}
              </Text>
              {namesFunder(estimate) && (
                <Text>
                  {t(
                    estimate.funder.house ? 'simulation.confirm.funder-house' : 'simulation.confirm.funder',
                    {
                      funder: estimate.funder.name,
                    },
                  )}
                </Text>
              )}
              {term && (
                <ScrollArea.Autosize mah={180} type="auto">
                  <SafeHtml html={term} />
                </ScrollArea.Autosize>
              )}
              {requirePin && <TransactionPinField control={form.control} name="pin" maw={320} />}
              <PinNotice problem={problem} id="pin-problem" />
              {isPastMaxTime && (
                <Alert color="yellow" variant="light" role="alert" id="cut-off-message">
                  {t('simulation.confirm.closed', { time: estimate.anticipationMaxTime })}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onCancel} disabled={isSending}>
                  {t('global.cancel')}
                </Button>
                <Button
                  type="submit"
                  disabled={isPastMaxTime}
                  loading={isSending}
                  aria-describedby={describedBy || undefined}
                >
                  {t('simulation.confirm.action')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Transition>
  );
}

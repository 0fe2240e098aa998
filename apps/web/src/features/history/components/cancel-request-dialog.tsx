import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BatchDetail } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { TransactionPinField } from '../../../components/form/form-code-field';
import { usePinPrompt } from '../../../components/form/use-pin-prompt';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  detail: BatchDetail;
  opened: boolean;
  isCancelling: boolean;
  onKeep: () => void;
  /** Cancels, with the PIN where the program requires it; `onPinRefused` shows a PIN refusal here. */
  onConfirm: (pin: string | undefined, onPinRefused: (error: unknown) => void) => void;
  /** Whether closing returns the focus to the button that opened it (false once that button has gone). */
  returnsFocus?: boolean;
  /** The program asks for the transaction PIN to cancel (docs/product/account-security.md#pin). */
  requirePin?: boolean;
};

/**
 * Asks before cancelling: what happens to the credits (back among the open invoices, to be requested again)
 * and that nothing will be paid for the request, and the transaction PIN where the program requires it (also
 * when the server asks for one the page did not know of). Keeping is the first focus, so Enter never cancels
 * by chance.
 */
export function CancelRequestDialog({
  detail,
  opened,
  isCancelling,
  onKeep,
  onConfirm,
  returnsFocus = true,
  requirePin = false,
}: Props) {
  const { t } = useTranslation();
  const [serverAsksPin, setServerAsksPin] = useState(false);
  const asksPin = requirePin || serverAsksPin;
  const prompt = usePinPrompt({ open: opened, onField: () => asksPin });
  const { form, problem } = prompt;
  const refused = (error: unknown) => {
    if (prompt.refused(error)?.code === 'error.user.pinRequired') setServerAsksPin(true);
  };
  const sendWithPin = prompt.submitWithPin((pin) => onConfirm(pin, refused));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCancelling) return;
    if (asksPin) void sendWithPin(event);
    else onConfirm(undefined, refused);
  };
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      returnFocus={returnsFocus}
      centered
      closeOnClickOutside={!isCancelling}
      closeOnEscape={!isCancelling}
      closeButtonProps={{ 'aria-label': t('global.close'), disabled: isCancelling }}
      title={t('request.cancel.title', { id: detail.id })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap="xs">
            <Text>
              {t('request.cancel.text', { count: detail.credits.length, program: detail.programName })}
            </Text>
            <Text>{t('request.cancel.no-payment')}</Text>
          </Stack>
          {asksPin && <TransactionPinField control={form.control} name="pin" />}
          <PinNotice problem={problem} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onKeep} disabled={isCancelling} data-autofocus>
              {t('request.cancel.keep')}
            </Button>
            <Button type="submit" color="red.9" loading={isCancelling}>
              {t('request.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { BatchDetail } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  detail: BatchDetail;
  opened: boolean;
  isCancelling: boolean;
  onKeep: () => void;
  onConfirm: () => void;
  /** Whether closing returns the focus to the button that opened it (false once that button has gone). */
  returnsFocus?: boolean;
};

/**
 * Asks before cancelling: what happens to the credits (back among the open invoices, to be requested again)
 * and that nothing will be paid for the request. Keeping is the first focus, so Enter never cancels by chance.
 */
export function CancelRequestDialog({
  detail,
  opened,
  isCancelling,
  onKeep,
  onConfirm,
  returnsFocus = true,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      returnFocus={returnsFocus}
      centered
      closeOnClickOutside={!isCancelling}
      closeOnEscape={!isCancelling}
      closeButtonProps={{ 'aria-label': t('global.close'), disabled: isCancelling }}
      title={
        <Title order={2} size="h3">
          {t('request.cancel.title', { id: detail.id })}
        </Title>
      }
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Text>
            {t('request.cancel.text', { count: detail.credits.length, program: detail.programName })}
          </Text>
          <Text>{t('request.cancel.no-payment')}</Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={isCancelling} data-autofocus>
            {t('request.cancel.keep')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={isCancelling}>
            {t('request.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BatchResult } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = { result: BatchResult | undefined; onOk: () => void };

/** The request went through: the net amount and the business days to pay; OK goes to the dashboard. */
export function BatchSuccessDialog({ result, onOk }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Modal
      opened={result !== undefined}
      onClose={onOk}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      title={t('simulation.success.title')}
    >
      {result && (
        <Stack gap="lg">
          <Text>
            {t('simulation.success.text', { count: result.daysToPay, value: format.money(result.value) })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onOk} data-autofocus>
              {t('simulation.success.ok')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

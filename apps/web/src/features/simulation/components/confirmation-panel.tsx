import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, Title, Transition } from '@mantine/core';
import type { Estimate } from '@portal/contract';
import { SafeHtml } from '../../../components/safe-html';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  opened: boolean;
  estimate: Estimate;
  isPastMaxTime: boolean;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * The confirmation panel slides in over 500 ms, no motion when the system asks for less
 * (docs/product/screens-and-routes.md#constants).
 */
const panelDuration = 500;

/**
 * The last step before the request: the program's assignment term, the amount and the date, and the confirm
 * button, disabled with the time-limit message once the day's cut-off has passed.
 */
export function ConfirmationPanel({
  opened,
  estimate,
  isPastMaxTime,
  isSending,
  onCancel,
  onConfirm,
}: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const term = estimate.programFinancial.financialConfiguration.sessionTerm;
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
            {term && (
              <ScrollArea.Autosize mah={180} type="auto">
                <SafeHtml html={term} />
              </ScrollArea.Autosize>
            )}
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
                onClick={onConfirm}
                disabled={isPastMaxTime}
                loading={isSending}
                aria-describedby={isPastMaxTime ? 'cut-off-message' : undefined}
              >
                {t('simulation.confirm.action')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Transition>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { TransactionPinField } from '../../../components/form/form-code-field';
import { usePinPrompt } from '../../../components/form/use-pin-prompt';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  /** The action the PIN confirms ("Pause", "Resume"), and the rule it acts on for screen readers. */
  actionLabel: string;
  isPending: boolean;
  onSubmit: (pin: string, onRefused: (error: unknown) => void) => void;
  onCancel: () => void;
};

/**
 * The transaction PIN asked in place on a rule's card, for pausing or resuming it where the program requires
 * it (saving a rule's settings is what asks for it: docs/product/account-security.md#pin). The PIN field has
 * the first focus.
 */
export function RulePinPrompt({ actionLabel, isPending, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const { form, problem, refused, submitWithPin } = usePinPrompt();
  const { setFocus } = form;
  useEffect(() => setFocus('pin'), [setFocus]);
  const submit = submitWithPin((pin) => onSubmit(pin, refused));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TransactionPinField control={form.control} name="pin" compact size="xs" maw={260} />
        <PinNotice problem={problem} />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onCancel} disabled={isPending}>
            {t('global.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={isPending}>
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { FormPinField, pinOnlySchema } from '../../../components/form/form-code-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isFieldPinProblem, type PinProblem, pinProblemOf } from '../../../lib/errors/pin-problem';
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
  const form = useZodForm(pinOnlySchema, { pin: '' });
  const [problem, setProblem] = useState<PinProblem | null>(null);
  const { setFocus } = form;
  useEffect(() => setFocus('pin'), [setFocus]);
  const submit = form.handleSubmit(({ pin }) => {
    setProblem(null);
    onSubmit(pin, (error) => {
      const found = pinProblemOf(error);
      setProblem(found);
      if (isFieldPinProblem(found)) form.setError('pin', { type: 'server', message: found.code });
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <FormPinField control={form.control} name="pin" label={t('pin.label')} size="xs" maw={260} />
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

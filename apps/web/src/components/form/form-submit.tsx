import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props<T extends FieldValues, O> = ButtonProps & {
  control: Control<T, unknown, O>;
  label: string;
  /** Extra reason to disable (e.g. an empty field on the profile form), with the text that explains it. */
  blockedReason?: string | null;
};

/**
 * The submit button of PORTAL_SPEC 5: disabled while the form is submitted and invalid, saying why under it
 * (DESIGN: disabled buttons say why).
 */
export function FormSubmit<T extends FieldValues, O>({
  control,
  label,
  blockedReason,
  ...rest
}: Props<T, O>) {
  const { t } = useTranslation();
  const hintId = useId();
  const { isSubmitted, isValid } = useFormState({ control });
  const reason = blockedReason ?? (isSubmitted && !isValid ? t('form.fix-errors') : null);
  return (
    <Stack gap={4}>
      <Button
        type="submit"
        disabled={reason !== null}
        aria-describedby={reason ? hintId : undefined}
        {...rest}
      >
        {label}
      </Button>
      {reason && (
        <Text id={hintId} size="xs" c="dimmed">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

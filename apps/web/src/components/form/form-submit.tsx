import { Button, type ButtonProps, Group } from '@mantine/core';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import { formRules, SubmitButton } from './fields';

type Props<T extends FieldValues, O> = ButtonProps & {
  control: Control<T, unknown, O>;
  label: string;
  /** Extra reason to disable (e.g. an empty field on the profile form), with the text that explains it. */
  blockedReason?: string | null;
};

/**
 * The submit button (docs/product/screens-and-routes.md#form-rules): disabled while the form is submitted and
 * invalid, saying why under it.
 */
export function FormSubmit<T extends FieldValues, O>({
  control,
  label,
  blockedReason,
  ...rest
}: Props<T, O>) {
  const { t } = useTranslation();
  const { isSubmitted, isValid } = useFormState({ control });
  const reason =
    blockedReason ?? (formRules.isBlocked({ isSubmitted, isValid }) ? t('form.fix-errors') : null);
  return <SubmitButton label={label} reason={reason} {...rest} />;
}

/** A form's buttons: cancel (when the form can be left) beside the submit button. */
export function FormActions<T extends FieldValues, O>({
  onCancel,
  ...submit
}: Props<T, O> & { onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group align="start" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('global.cancel')}
        </Button>
      )}
      <FormSubmit {...submit} />
    </Group>
  );
}

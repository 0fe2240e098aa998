import { InputBase } from '@mantine/core';
import { type Control, useController, useFormState } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { ValidMark } from '../../../components/form/fields';
import { asMessageKey } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { InviteDraft } from '../invite-draft';
import { phoneMasks } from '../phone';

/**
 * The cell phone with the (AA) NNNNN-NNNN mask (react-imask in Mantine's InputBase); the form keeps digits
 * only. Errors after the first submit, a check mark once valid, as the shared fields.
 */
export function PhoneField({ control }: { control: Control<InviteDraft> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'phoneNumber' });
  const { isSubmitted } = useFormState({ control });
  const message = fieldState.error?.message;
  const error = isSubmitted && message ? t(asMessageKey(message)) : undefined;
  const isValid = !fieldState.invalid && field.value !== '' && (isSubmitted || fieldState.isDirty);
  return (
    <InputBase
      component={IMaskInput}
      mask={phoneMasks}
      unmask
      value={field.value}
      onAccept={(digits: string) => field.onChange(digits)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      label={t('invite.phone.label')}
      description={t('invite.phone.hint')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      error={error}
      aria-invalid={error ? true : undefined}
      rightSection={isValid ? <ValidMark /> : null}
      rightSectionPointerEvents="none"
    />
  );
}

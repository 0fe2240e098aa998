import type { PasswordInputProps, TextInputProps } from '@mantine/core';
import { limits } from '@portal/contract';
import { type Control, type FieldPath, type FieldValues, useController, useFormState } from 'react-hook-form';
import { asMessageKey } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';
import { formRules, PasswordField, TextField, ValidMark } from './fields';

export type FieldProps<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  /** Fields whose validity depends on this one (a confirmation follows its password). */
  deps?: FieldPath<T>[];
  /** Show errors before the first submit (a step of a multi-step form was attempted). */
  forceErrors?: boolean;
};

/**
 * Error text after the first submit, a check mark on a valid field that was filled
 * (docs/product/screens-and-routes.md#form-rules).
 */
export function useFieldFeedback<T extends FieldValues, O>({
  control,
  name,
  deps,
  forceErrors,
}: FieldProps<T, O>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name, rules: { deps } });
  const { isSubmitted } = useFormState({ control });
  const message = formRules.shownError(fieldState.error?.message, isSubmitted || Boolean(forceErrors));
  const error = message ? t(asMessageKey(message)) : undefined;
  const isValid = formRules.isMarkedValid({
    hasError: fieldState.invalid,
    value: field.value,
    isTouched: isSubmitted || fieldState.isDirty,
  });
  return { field, error, isValid, mark: isValid ? <ValidMark /> : null };
}

export function FormTextField<T extends FieldValues, O>(
  props: FieldProps<T, O> & Omit<TextInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'>,
) {
  const { control, name, label, deps, forceErrors, ...rest } = props;
  const { field, error, isValid } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  return (
    <TextField {...rest} {...field} value={field.value ?? ''} label={label} error={error} isValid={isValid} />
  );
}

export function FormPasswordField<T extends FieldValues, O>(
  props: FieldProps<T, O> & Omit<PasswordInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'>,
) {
  const { control, name, label, deps, forceErrors, ...rest } = props;
  const { field, error, isValid } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  return (
    <PasswordField
      {...rest}
      {...field}
      value={field.value ?? ''}
      label={label}
      error={error}
      isValid={isValid}
    />
  );
}

/** The current password that confirms a change (password, second factor, PIN), as password managers fill it. */
export function FormCurrentPasswordField<T extends FieldValues, O>(props: Omit<FieldProps<T, O>, 'label'>) {
  const { t } = useTranslation();
  return (
    <FormPasswordField
      {...props}
      label={t('profile.current')}
      autoComplete="current-password"
      maxLength={limits.passwordMax}
    />
  );
}

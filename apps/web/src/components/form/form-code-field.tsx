import type { PasswordInputProps, TextInputProps } from '@mantine/core';
import { pinBodySchema } from '@portal/contract';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import { PasswordField, TextField } from './fields';
import { type FieldProps, useFieldFeedback } from './form-fields';

/** The PIN alone, as the calls that move money take it where the program requires it (6 digits). */
export const pinOnlySchema = pinBodySchema.pick({ pin: true });

/** Digits only, at most `length` of them: what a PIN or an app's code can hold, whatever is typed or pasted. */
export function digitsOf(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/**
 * A 6-digit secret of the one form pattern, hidden as a password is (the transaction PIN): the phone's number
 * pad, digits only, no autofill of the account's password.
 */
export function FormPinField<T extends FieldValues, O>(
  props: FieldProps<T, O> &
    Omit<PasswordInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'> & { length?: number },
) {
  const { control, name, label, deps, forceErrors, length = 6, ...rest } = props;
  const { field, error, isValid } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  return (
    <PasswordField
      autoComplete="off"
      {...rest}
      {...field}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(digitsOf(event.currentTarget.value, length))}
      inputMode="numeric"
      maxLength={length}
      label={label}
      error={error}
      isValid={isValid}
    />
  );
}

/** The transaction PIN a call that moves money asks (usePinPrompt's form), with its label and, unless `compact`, its hint. */
export function TransactionPinField<T extends FieldValues, O>({
  compact = false,
  ...props
}: Omit<Parameters<typeof FormPinField<T, O>>[0], 'label' | 'description'> & { compact?: boolean }) {
  const { t } = useTranslation();
  return <FormPinField {...props} label={t('pin.label')} description={compact ? undefined : t('pin.hint')} />;
}

/**
 * A one-time code of the one form pattern: the 6 digits of an authenticator app (`autocomplete=one-time-code`,
 * the number pad), or with `digits` false a recovery code as typed (letters, a dash).
 */
export function FormCodeField<T extends FieldValues, O>(
  props: FieldProps<T, O> &
    Omit<TextInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'> & { digits?: boolean },
) {
  const { control, name, label, deps, forceErrors, digits = true, ...rest } = props;
  const { field, error, isValid } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  const codeProps = digits
    ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 6 }
    : { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 32 };
  return (
    <TextField
      {...codeProps}
      {...rest}
      {...field}
      value={field.value ?? ''}
      onChange={(event) =>
        field.onChange(digits ? digitsOf(event.currentTarget.value, 6) : event.currentTarget.value)
      }
      label={label}
      error={error}
      isValid={isValid}
    />
  );
}

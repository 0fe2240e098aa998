import {
  Button,
  type ButtonProps,
  CheckIcon,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';

/**
 * The look of a form field and its submit button, and the form rules (docs/product/screens-and-routes.md#form-rules),
 * apart from any form state: react-hook-form binds them in form-fields.tsx and form-submit.tsx; the login
 * form, on the first load of /, binds them without it (use-login-form.ts, docs/decisions/web-first-load.md).
 */

/**
 * The form rules, whatever holds the state: a field's error shows once the form was submitted (or a step of
 * it attempted); a filled, valid field that was touched or submitted gets a check mark; a submitted form that
 * is invalid blocks its button.
 */
export const formRules = {
  shownError: (message: string | undefined, isSubmitted: boolean) => (isSubmitted ? message : undefined),
  isMarkedValid: (field: { hasError: boolean; value: unknown; isTouched: boolean }) =>
    !field.hasError &&
    (typeof field.value === 'string' ? field.value !== '' : Boolean(field.value)) &&
    field.isTouched,
  isBlocked: (form: { isSubmitted: boolean; isValid: boolean }) => form.isSubmitted && !form.isValid,
};

/** The check mark of a valid field that was filled. */
export function ValidMark() {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('global.valid-field')}
      style={{ display: 'inline-flex', color: 'var(--portal-money-received)' }}
    >
      <CheckIcon size={14} aria-hidden />
    </span>
  );
}

type FeedbackProps = { error?: string; isValid: boolean };

export function TextField({ error, isValid, ...rest }: FeedbackProps & Omit<TextInputProps, 'error'>) {
  return (
    <TextInput
      {...rest}
      error={error}
      aria-invalid={error ? true : undefined}
      rightSection={isValid ? <ValidMark /> : null}
      rightSectionPointerEvents="none"
    />
  );
}

/** The visibility toggle holds the right side, so the check mark sits on the left. */
export function PasswordField({
  error,
  isValid,
  ...rest
}: FeedbackProps & Omit<PasswordInputProps, 'error'>) {
  return (
    <PasswordInput
      {...rest}
      error={error}
      aria-invalid={error ? true : undefined}
      leftSection={isValid ? <ValidMark /> : null}
      leftSectionPointerEvents="none"
    />
  );
}

/** A submit button that, when disabled, says why under it (DESIGN: disabled buttons say why). */
export function SubmitButton({
  label,
  reason,
  ...rest
}: ButtonProps & { label: string; reason: string | null }) {
  const hintId = useId();
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

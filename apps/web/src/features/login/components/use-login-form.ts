import { type LoginForm, loginFormSchema } from '@portal/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { formRules } from '../../../components/form/fields';

type Field = keyof LoginForm;

/** The first message (a catalogue key) the contract schema gives each field of these values. */
function validate(values: LoginForm): Partial<Record<Field, string>> {
  const result = loginFormSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The login form's state, with the rules of every form of the app (`formRules`,
 * docs/product/screens-and-routes.md#form-rules): the contract schema validates as the user types; errors
 * show only once the form was submitted; a filled, valid field that was touched gets a check mark; submitting
 * an invalid form blocks the button until it is fixed. The login is the one form of the first load of /, so it
 * holds its state without react-hook-form, which would take that load to the edge of its 150 KiB budget and
 * over it with the headers (docs/decisions/web-first-load.md#login-form); every other form uses useZodForm.
 */
export function useLoginForm(
  onSubmit: (values: LoginForm) => void,
  initialEmail = '',
  initiallySubmitted = false,
) {
  const [values, setValues] = useState<LoginForm>({ email: initialEmail, password: '' });
  const [dirty, setDirty] = useState<Partial<Record<Field, boolean>>>({});
  const [isSubmitted, setSubmitted] = useState(initiallySubmitted);
  const errors = useMemo(() => validate(values), [values]);
  const isValid = Object.keys(errors).length === 0;

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      setDirty((current) => ({ ...current, [name]: true }));
    },
    errorKey: formRules.shownError(errors[name], isSubmitted),
    isValid: formRules.isMarkedValid({
      hasError: Boolean(errors[name]),
      value: values[name],
      isTouched: isSubmitted || Boolean(dirty[name]),
    }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (isValid) onSubmit(loginFormSchema.parse(values));
  };

  return { field, handleSubmit, isBlocked: formRules.isBlocked({ isSubmitted, isValid }) };
}

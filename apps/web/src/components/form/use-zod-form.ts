import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { isApiError } from '../../lib/errors/app-error';
import type { TranslationKey } from '../../lib/i18n/translate';

/** The shape zod 4 schemas expose to type-level code; the contract's form schemas all match it. */
type ZodSchema<Input, Output> = { _zod: { input: Input; output: Output } };

/**
 * The one form pattern (ENGINEERING 5): react-hook-form validated by a contract schema whose messages are
 * catalogue keys. Validation runs as the user types, but fields show errors only once the form was submitted
 * (docs/product/screens-and-routes.md#form-rules); see FormTextField and FormSubmit.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: ZodSchema<Input, Output>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    mode: 'onChange',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/**
 * The same form pattern for a form whose fields do not hold the schema's input as it is (numbers typed as
 * text, empty fields that mean null): `toInput` turns the values into the schema's input, and the contract's
 * schema checks that, so its messages land on the fields of the same names. Submit receives the schema's
 * output (the body to send).
 */
export function useZodDraftForm<Values extends FieldValues, Input, Output>(
  schema: ZodSchema<Input, Output>,
  defaultValues: DefaultValues<Values>,
  toInput: (values: Values) => Input,
) {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Output>;
  const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
    resolve(toInput(values) as FieldValues, context, options as never) as never;
  return useForm<Values, unknown, Output>({
    resolver,
    mode: 'onChange',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/**
 * Puts a server answer's field errors (validation keys) next to their fields; `codeField` also places the
 * error's own code on one field (a wrong current password belongs to that field), worded for that field by
 * `message` when the code's own text speaks of something else (the login's "user and/or password").
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  codeField?: { code: string; field: Path<T>; message?: TranslationKey },
): void {
  if (!isApiError(error)) return;
  for (const fieldError of error.detail.fieldErrors) {
    setError(fieldError.field as Path<T>, { type: 'server', message: fieldError.message });
  }
  if (codeField && error.detail.code === codeField.code) {
    setError(codeField.field, { type: 'server', message: codeField.message ?? codeField.code });
  }
}

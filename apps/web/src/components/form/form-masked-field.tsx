import { InputBase, type InputBaseProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { type FieldProps, useFieldFeedback } from './form-fields';

/**
 * The masks of docs/product/screens-and-routes.md#form-rules; a list is dynamic: the first mask the typed
 * digits fit is shown.
 */
export const masks = {
  /** CPF 000.000.000-00 while 11 digits or fewer, then CNPJ 00.000.000/0000-00. */
  identification: [{ mask: '000.000.000-00' }, { mask: '00.000.000/0000-00' }],
  cpf: [{ mask: '000.000.000-00' }],
  cnpj: [{ mask: '00.000.000/0000-00' }],
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
} as const;

type Props<T extends FieldValues, O> = FieldProps<T, O> &
  Omit<InputBaseProps, 'label' | 'error'> & {
    mask: readonly { mask: string }[];
    inputMode?: 'numeric' | 'tel';
  };

/**
 * A masked field of the one form pattern: the input shows the mask, the form value keeps digits only (what
 * the contract's schemas validate and the API stores).
 */
export function FormMaskedField<T extends FieldValues, O>(props: Props<T, O>) {
  const { control, name, label, deps, forceErrors, mask, inputMode = 'numeric', ...rest } = props;
  const { field, error, mark } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={mask.map((entry) => ({ ...entry }))}
      unmask
      value={field.value ?? ''}
      onAccept={(value: string) => field.onChange(value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      inputMode={inputMode}
      label={label}
      error={error}
      aria-invalid={error ? true : undefined}
      rightSection={mark}
      rightSectionPointerEvents="none"
    />
  );
}

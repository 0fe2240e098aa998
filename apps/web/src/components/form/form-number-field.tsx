import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { ValidMark } from './fields';
import { type FieldProps, useFieldFeedback } from './form-fields';

/**
 * A number typed in the language's way (`decimalSeparator`; no thousands grouping, so a point or a comma is
 * always the decimal one). Its value is a number, '' when empty, or the text itself while it does not read as
 * a number yet ("2," on the way to "2,5"): the form's schema turns that into a number or refuses it. A file of
 * its own: only the forms that type numbers load Mantine's number input.
 */
export function FormNumberField<T extends FieldValues, O>(
  props: FieldProps<T, O> & Omit<NumberInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'>,
) {
  const { control, name, label, deps, forceErrors, ...rest } = props;
  const { field, error, isValid } = useFieldFeedback<T, O>({ control, name, label, deps, forceErrors });
  return (
    <NumberInput
      hideControls
      inputMode={rest.allowDecimal === false ? 'numeric' : 'decimal'}
      {...rest}
      {...field}
      value={field.value ?? ''}
      label={label}
      error={error}
      aria-invalid={error ? true : undefined}
      rightSection={isValid ? <ValidMark /> : null}
      rightSectionPointerEvents="none"
    />
  );
}

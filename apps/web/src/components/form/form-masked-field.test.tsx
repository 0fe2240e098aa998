import { identificationSchema, strictBody } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FormMaskedField, masks } from './form-masked-field';
import { useZodForm } from './use-zod-form';

const schema = strictBody({ identification: identificationSchema });

function IdentificationForm({ onValue }: { onValue: (value: string) => void }) {
  const form = useZodForm(schema, { identification: '' });
  onValue(form.watch('identification'));
  return (
    <FormMaskedField
      control={form.control}
      name="identification"
      label="CNPJ/CPF"
      mask={masks.identification}
    />
  );
}

describe('FormMaskedField', () => {
  it('shows the CPF mask, then the CNPJ mask, and keeps digits in the form', async () => {
    let value = '';
    await renderWithProviders(<IdentificationForm onValue={(next) => (value = next)} />);
    const input = screen.getByRole('textbox', { name: 'CNPJ/CPF' }) as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, '52998224725');
    expect(input.value).toBe('529.982.247-25');
    await waitFor(() => expect(value).toBe('52998224725'));
    await user.clear(input);
    await user.type(input, '21534876000198');
    expect(input.value).toBe('21.534.876/0001-98');
    await waitFor(() => expect(value).toBe('21534876000198'));
  });
});

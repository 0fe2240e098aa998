import { Stack } from '@mantine/core';
import { pinBodySchema, pinSchema } from '@portal/contract';
import { FormPinField } from '../../../components/form/form-code-field';
import { FormCurrentPasswordField } from '../../../components/form/form-fields';
import { FormActions } from '../../../components/form/form-submit';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSetPin } from '../api/set-pin';

/**
 * The PIN typed twice: the body of PUT account/pin and, on the form only, the confirmation, which must match
 * (docs/product/account-security.md#pin).
 */
export const pinFormSchema = pinBodySchema
  .extend({ pinConfirm: pinSchema })
  .refine((form) => form.pin === form.pinConfirm, { message: 'security.pin.mismatch', path: ['pinConfirm'] });

const empty = { password: '', pin: '', pinConfirm: '' };

type Props = { onSaved: () => void; onCancel: () => void };

/** Setting or changing the transaction PIN: the password, then the 6 digits twice. */
export function PinForm({ onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(pinFormSchema, empty);
  const save = useSetPin();
  const submit = form.handleSubmit(({ password, pin }) =>
    save.mutate(
      { password, pin },
      {
        onSuccess: () => {
          form.reset(empty);
          showSuccess('security.pin.saved');
          onSaved();
        },
        onError: (error) =>
          applyServerErrors(form.setError, error, {
            code: 'error.invalidpassword',
            field: 'password',
            message: 'form.password-wrong',
          }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <FormCurrentPasswordField control={form.control} name="password" />
        <FormPinField
          control={form.control}
          name="pin"
          label={t('security.pin.new')}
          description={t('security.pin.hint')}
          autoComplete="new-password"
          deps={['pinConfirm']}
        />
        <FormPinField
          control={form.control}
          name="pinConfirm"
          label={t('security.pin.confirm')}
          autoComplete="new-password"
        />
        <FormActions
          onCancel={onCancel}
          control={form.control}
          label={t('security.pin.save')}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

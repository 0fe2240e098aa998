import { Stack, Text } from '@mantine/core';
import { twoFactorDisableBodySchema } from '@portal/contract';
import { FormCodeField } from '../../../components/form/form-code-field';
import { FormCurrentPasswordField } from '../../../components/form/form-fields';
import { FormActions } from '../../../components/form/form-submit';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useDisableTwoFactor } from '../api/two-factor';

type Props = { onDisabled: () => void; onCancel: () => void };

/** Turning the second factor off: the password and a code of the app, or a recovery code. */
export function TwoFactorDisableForm({ onDisabled, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(twoFactorDisableBodySchema, { password: '', code: '' });
  const disable = useDisableTwoFactor();
  const submit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => {
        showSuccess('security.2fa.disabled');
        onDisabled();
      },
      onError: (error) => {
        applyServerErrors(form.setError, error, {
          code: 'error.invalidpassword',
          field: 'password',
          message: 'form.password-wrong',
        });
        applyServerErrors(form.setError, error, { code: 'error.user.otpInvalid', field: 'code' });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <Text size="sm">{t('security.2fa.disable.text')}</Text>
        <FormCurrentPasswordField control={form.control} name="password" />
        <FormCodeField
          control={form.control}
          name="code"
          digits={false}
          autoComplete="one-time-code"
          label={t('security.2fa.disable.code')}
        />
        <FormActions
          onCancel={onCancel}
          control={form.control}
          label={t('security.2fa.disable.submit')}
          loading={disable.isPending}
          color="red.9"
        />
      </Stack>
    </form>
  );
}

import { Stack } from '@mantine/core';
import { limits, type PasswordReset, passwordResetSchema } from '@portal/contract';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormSubmit } from '../../../components/form/form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { StrengthMeter } from './strength-meter';

type Props = { resetKey: string; isSaving: boolean; onSubmit: (body: PasswordReset) => void };

/** The single reset form of a desktop: password with its strength meter, confirmation, save. */
export function ResetPasswordForm({ resetKey, isSaving, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(passwordResetSchema, { key: resetKey, password: '', confirm: '' });
  const password = form.watch('password');
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('reset.password')}
            autoComplete="new-password"
            maxLength={limits.passwordMax}
            deps={['confirm']}
          />
          <StrengthMeter password={password} />
        </Stack>
        <FormPasswordField
          control={form.control}
          name="confirm"
          label={t('reset.confirm')}
          autoComplete="new-password"
          maxLength={limits.passwordMax}
        />
        <FormSubmit control={form.control} label={t('reset.submit')} loading={isSaving} />
      </Stack>
    </form>
  );
}

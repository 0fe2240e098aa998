import { Stack } from '@mantine/core';
import { limits, type PasswordChange, passwordChangeFormSchema } from '@portal/contract';
import { FormCurrentPasswordField, FormPasswordField } from '../../../components/form/form-fields';
import { FormActions } from '../../../components/form/form-submit';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useChangePassword } from '../api/change-password';

type Props = { onCancel: () => void; onChanged: () => void };

const empty: PasswordChange = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

/** #password: current, new and confirmation; save is blocked while a field is empty or invalid. */
export function PasswordChangeForm({ onCancel, onChanged }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(passwordChangeFormSchema, empty);
  const change = useChangePassword();
  const values = form.watch();
  const hasEmpty = Object.values(values).some((value) => !value);
  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset(empty);
        onChanged();
      },
      onError: (error) =>
        applyServerErrors(form.setError, error, {
          code: 'error.invalidpassword',
          field: 'currentPassword',
          message: 'form.password-wrong',
        }),
    }),
  );
  const field = { autoComplete: 'new-password', maxLength: limits.passwordMax };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <FormCurrentPasswordField control={form.control} name="currentPassword" />
        <FormPasswordField
          control={form.control}
          name="newPassword"
          label={t('profile.new')}
          deps={['newPasswordConfirm']}
          {...field}
        />
        <FormPasswordField
          control={form.control}
          name="newPasswordConfirm"
          label={t('profile.confirm')}
          {...field}
        />
        <FormActions
          onCancel={onCancel}
          control={form.control}
          label={t('global.save')}
          loading={change.isPending}
          blockedReason={hasEmpty ? t('profile.fill-all') : null}
        />
      </Stack>
    </form>
  );
}

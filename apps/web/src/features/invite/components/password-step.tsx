import { Stack } from '@mantine/core';
import { limits } from '@portal/contract';
import { FormPasswordField } from '../../../components/form/form-fields';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { stepFields } from '../invite-draft';
import { useStepForm } from '../use-step-form';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';
import { StepTitle } from './step-title';

type Props = StepProps & { part: 'password' | 'confirm' };

/**
 * The password: on a desktop the password and its confirmation on one screen; on a phone the `password`
 * part shows the password alone and the `confirm` part the confirmation alone
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function PasswordStep({ wizard, isMobile, part }: Props) {
  const { t } = useTranslation();
  const fields =
    isMobile && part === 'confirm'
      ? stepFields.confirm
      : isMobile
        ? (['password'] as const)
        : stepFields.password;
  const { form, pickOwn } = useStepForm(fields, wizard.draft);
  const hasPassword = fields.includes('password');
  const hasConfirm = fields.includes('confirm');
  return (
    <form onSubmit={form.handleSubmit((values) => wizard.complete(pickOwn(values)))} noValidate>
      <Stack gap="md">
        <StepTitle
          title={t('invite.password.title')}
          text={hasPassword ? t('invite.password.hint') : undefined}
          isShown={!isMobile}
        />
        {hasPassword && (
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('invite.password.label')}
            autoComplete="new-password"
            maxLength={limits.passwordMax}
            deps={hasConfirm ? ['confirm'] : undefined}
          />
        )}
        {hasConfirm && (
          <FormPasswordField
            control={form.control}
            name="confirm"
            label={t('invite.confirm.label')}
            autoComplete="new-password"
            maxLength={limits.passwordMax}
          />
        )}
        <StepActions control={form.control} onPrevious={() => wizard.dispatch({ type: 'previous' })} />
      </Stack>
    </form>
  );
}

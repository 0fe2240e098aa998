import { Stack } from '@mantine/core';
import { type EmailCheck, emailCheckSchema, limits } from '@portal/contract';
import { FormTextField } from '../../../components/form/form-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useValidateInviteEmail } from '../api/validate-invite-email';
import { StepActions } from './step-actions';
import type { TokenStepProps } from './step-props';
import { StepTitle } from './step-title';

/**
 * The edit-email detour: the new address is checked remotely (not when it equals the known one); a taken
 * address says so on the field, a free one replaces the invite's and the wizard advances
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function EditEmailStep({ wizard, isMobile, token }: TokenStepProps) {
  const { t } = useTranslation();
  const check = useValidateInviteEmail();
  const form = useZodForm(emailCheckSchema, { email: wizard.draft.email, token });
  const submit = ({ email }: EmailCheck) => {
    if (email.toLowerCase() === wizard.draft.email) {
      wizard.changeEmail(email);
      return;
    }
    check.mutate(
      { email, token },
      {
        onSuccess: (result) => {
          if (!result.exists) wizard.changeEmail(result.email);
          else
            form.setError(
              'email',
              { type: 'server', message: 'error.email.alreadyInUse' },
              { shouldFocus: true },
            );
        },
      },
    );
  };
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <StepTitle
          title={t('invite.edit-email.title')}
          text={t('invite.edit-email.text')}
          isShown={!isMobile}
        />
        <FormTextField
          control={form.control}
          name="email"
          label={t('invite.edit-email.label')}
          type="email"
          autoComplete="email"
          maxLength={limits.emailMax}
        />
        <StepActions
          control={form.control}
          onPrevious={() => wizard.dispatch({ type: 'previous' })}
          submitLabel={t('invite.edit-email.submit')}
          isSubmitting={check.isPending}
        />
      </Stack>
    </form>
  );
}

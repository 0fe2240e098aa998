import { Stack } from '@mantine/core';
import { limits } from '@portal/contract';
import { FormTextField } from '../../../components/form/form-fields';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { stepFields } from '../invite-draft';
import { useStepForm } from '../use-step-form';
import { EmailSummary, NewEmailCard } from './email-summary';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';
import { StepTitle } from './step-title';

/** Desktop: the email (read-only, with its edit link) and the full name. Mobile "person": the name alone. */
export function IdentificationStep({ wizard, isMobile }: StepProps) {
  const { t } = useTranslation();
  const fields = stepFields[isMobile ? 'person' : 'identification'];
  const { form, pickOwn } = useStepForm(fields, wizard.draft);
  return (
    <form onSubmit={form.handleSubmit((values) => wizard.complete(pickOwn(values)))} noValidate>
      <Stack gap="md">
        <StepTitle title={t('invite.step.identification')} isShown={!isMobile} />
        <NewEmailCard wizard={wizard} />
        {!isMobile && <EmailSummary wizard={wizard} />}
        <FormTextField
          control={form.control}
          name="personName"
          label={t('invite.name.label')}
          autoComplete="name"
          maxLength={limits.personNameMax}
        />
        <StepActions control={form.control} onPrevious={() => wizard.dispatch({ type: 'previous' })} />
      </Stack>
    </form>
  );
}

/** Mobile "user": the email alone; continuing needs nothing typed. */
export function UserStep({ wizard }: StepProps) {
  const { form } = useStepForm(stepFields.user, wizard.draft);
  return (
    <form onSubmit={form.handleSubmit(() => wizard.complete({}))} noValidate>
      <Stack gap="md">
        <NewEmailCard wizard={wizard} />
        <EmailSummary wizard={wizard} />
        <StepActions control={form.control} onPrevious={() => wizard.dispatch({ type: 'previous' })} />
      </Stack>
    </form>
  );
}

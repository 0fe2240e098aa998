import { Anchor, Checkbox, Paper, Stack, Text } from '@mantine/core';
import { type Control, useController, useFormState } from 'react-hook-form';
import { paths } from '../../../config/paths';
import { asMessageKey } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { type InviteDraft, stepFields } from '../invite-draft';
import { useStepForm } from '../use-step-form';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';
import { StepTitle } from './step-title';

type Props = StepProps & { isFinishing: boolean; onFinish: (draft: InviteDraft) => void };

function AcceptTerms({ control }: { control: Control<InviteDraft> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'acceptedTerms' });
  const { isSubmitted } = useFormState({ control });
  const message = fieldState.error?.message;
  return (
    <Checkbox
      label={t('terms.accept')}
      checked={field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={field.ref}
      name={field.name}
      error={isSubmitted && message ? t(asMessageKey(message)) : undefined}
    />
  );
}

/**
 * The organization's terms: the invitee is not logged in, so the summary comes from the catalogue and the
 * full text opens through /full-terms (the organization's address) in a new tab. Accepting is required;
 * finishing sends the person creation.
 */
export function TermsStep({ wizard, isMobile, isFinishing, onFinish }: Props) {
  const { t } = useTranslation();
  const { form } = useStepForm(stepFields.terms, wizard.draft);
  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        onFinish({ ...wizard.draft, acceptedTerms: values.acceptedTerms }),
      )}
      noValidate
    >
      <Stack gap="md">
        <StepTitle title={t('terms.title')} isShown={!isMobile} />
        <Paper bg="gray.0" p="md" radius="sm">
          <Text size="sm">{t('invite.terms.summary')}</Text>
        </Paper>
        <Anchor href={paths.fullTerms} target="_blank" rel="noopener noreferrer" size="sm">
          {t('terms.full')} <span className="visually-hidden">{t('global.new-tab')}</span>
        </Anchor>
        <AcceptTerms control={form.control} />
        <StepActions
          control={form.control}
          onPrevious={() => wizard.dispatch({ type: 'previous' })}
          submitLabel={t('invite.finish')}
          isSubmitting={isFinishing}
        />
      </Stack>
    </form>
  );
}

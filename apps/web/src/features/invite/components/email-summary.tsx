import { Anchor, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { InviteWizard } from '../use-invite-wizard';
import { InfoCard } from './info-card';

/**
 * The access email, read-only and lower-cased, with the link to change it
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function EmailSummary({ wizard }: { wizard: InviteWizard }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <TextInput label={t('invite.email.label')} value={wizard.draft.email} readOnly variant="filled" />
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => wizard.dispatch({ type: 'editEmail' })}
      >
        {t('invite.email.edit')}
      </Anchor>
    </Stack>
  );
}

/** Shown after the email was changed through the check, until closed. */
export function NewEmailCard({ wizard }: { wizard: InviteWizard }) {
  const { t } = useTranslation();
  if (!wizard.isEmailChanged) return null;
  return (
    <InfoCard
      title={t('invite.card.new-email.title')}
      isDismissed={wizard.dismissed.includes('newEmail')}
      onDismiss={() => wizard.dismiss('newEmail')}
    >
      {t('invite.card.new-email.text', { email: wizard.draft.email })}
    </InfoCard>
  );
}

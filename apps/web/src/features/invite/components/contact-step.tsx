import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { stepFields } from '../invite-draft';
import { useStepForm } from '../use-step-form';
import { InfoCard } from './info-card';
import { PhoneField } from './phone-field';
import { StepActions } from './step-actions';
import type { StepProps } from './step-props';
import { StepTitle } from './step-title';
import { WhatsAppChoice } from './whatsapp-choice';

type Props = StepProps & { part: 'contact' | 'informative' | 'phone' };

/**
 * Contact: the informative WhatsApp card and choice, then the phone for those who want messages. A desktop
 * shows both on one screen (the phone appears with RECEIVE); a phone splits them into `informative` and
 * `phone`, and not receiving skips the phone step (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function ContactStep({ wizard, isMobile, part }: Props) {
  const { t } = useTranslation();
  const { form, pickOwn } = useStepForm(stepFields[part], wizard.draft);
  const choice = form.watch('whatsAppStatus');
  const hasChoice = part !== 'phone';
  const hasPhone = part === 'phone' || (part === 'contact' && choice === 'RECEIVE');
  return (
    <form onSubmit={form.handleSubmit((values) => wizard.complete(pickOwn(values)))} noValidate>
      <Stack gap="md">
        <StepTitle
          title={t(part === 'phone' ? 'invite.phone.title' : 'invite.contact.title')}
          isShown={!isMobile}
        />
        {hasChoice && (
          <>
            <InfoCard
              title={t('invite.card.whatsapp.title')}
              isDismissed={wizard.dismissed.includes('whatsApp')}
              onDismiss={() => wizard.dismiss('whatsApp')}
            >
              {t('invite.card.whatsapp.text')}
            </InfoCard>
            <WhatsAppChoice control={form.control} />
          </>
        )}
        {hasPhone && <PhoneField control={form.control} />}
        <StepActions control={form.control} onPrevious={() => wizard.dispatch({ type: 'previous' })} />
      </Stack>
    </form>
  );
}

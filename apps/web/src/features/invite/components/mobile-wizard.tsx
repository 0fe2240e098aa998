import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { InviteDraft } from '../invite-draft';
import { formatPhone } from '../phone';
import { canGoTo, stepOrder, type WizardStep } from '../wizard-steps';
import { MobileSection } from './mobile-section';
import { StepContent } from './step-content';
import type { WizardBodyProps } from './wizard-body-props';

type SectionStep = Exclude<WizardStep, 'welcome' | 'identification' | 'editEmail' | 'contact'>;

const titles = {
  user: 'invite.section.user',
  person: 'invite.section.person',
  password: 'invite.section.password',
  confirm: 'invite.section.confirm',
  informative: 'invite.section.informative',
  phone: 'invite.section.phone',
  terms: 'invite.section.terms',
} as const satisfies Record<SectionStep, string>;

function useSummary() {
  const { t } = useTranslation();
  return (step: SectionStep, draft: InviteDraft): string | null => {
    if (step === 'user') return draft.email;
    if (step === 'person') return draft.personName;
    if (step === 'password') return t('invite.section.password-set');
    if (step === 'confirm') return t('invite.section.password-confirmed');
    if (step === 'informative') return t(`invite.whatsapp.${draft.whatsAppStatus}`);
    if (step === 'phone') return formatPhone(draft.phoneNumber);
    return null;
  };
}

/**
 * Mobile: one collapsible section per step; the current one is open, completed ones show what was filled
 * and open again to be edited, later ones wait (docs/product/screens-and-routes.md#invitation-wizard). The
 * email detour happens inside "user".
 */
export function MobileWizard(props: WizardBodyProps) {
  const { t } = useTranslation();
  const summaryOf = useSummary();
  const { state, draft, dispatch } = props.wizard;
  const sections = stepOrder('mobile', state.whatsAppStatus).filter(
    (step): step is SectionStep => step !== 'welcome',
  );
  return (
    <Stack gap="sm">
      {sections.map((step, index) => {
        const isOpen = state.step === step || (step === 'user' && state.step === 'editEmail');
        const isDone = state.completed.includes(step);
        return (
          <MobileSection
            key={step}
            index={index + 1}
            total={sections.length}
            title={t(titles[step])}
            summary={isDone ? summaryOf(step, draft) : null}
            isOpen={isOpen}
            isDone={isDone}
            canOpen={canGoTo(state, step)}
            onOpen={() => dispatch({ type: 'goTo', step })}
          >
            <StepContent {...props} step={isOpen ? state.step : step} />
          </MobileSection>
        );
      })}
    </Stack>
  );
}

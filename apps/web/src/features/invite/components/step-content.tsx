import type { InviteDraft } from '../invite-draft';
import type { WizardStep } from '../wizard-steps';
import { ContactStep } from './contact-step';
import { EditEmailStep } from './edit-email-step';
import { IdentificationStep, UserStep } from './identification-step';
import { PasswordStep } from './password-step';
import type { TokenStepProps } from './step-props';
import { TermsStep } from './terms-step';

type Props = TokenStepProps & {
  step: WizardStep;
  isFinishing: boolean;
  onFinish: (draft: InviteDraft) => void;
};

/** The form of one step, shared by the desktop stepper and the mobile sections. */
export function StepContent({ step, isFinishing, onFinish, ...props }: Props) {
  switch (step) {
    case 'identification':
    case 'person':
      return <IdentificationStep {...props} />;
    case 'user':
      return <UserStep {...props} />;
    case 'editEmail':
      return <EditEmailStep {...props} />;
    case 'password':
    case 'confirm':
      return <PasswordStep {...props} part={step} />;
    case 'contact':
    case 'informative':
    case 'phone':
      return <ContactStep {...props} part={step} />;
    case 'terms':
      return <TermsStep {...props} isFinishing={isFinishing} onFinish={onFinish} />;
    case 'welcome':
      return null;
  }
}

import type { InviteDraft } from '../invite-draft';
import type { InviteWizard } from '../use-invite-wizard';

/** What the desktop and mobile bodies of the wizard share. */
export type WizardBodyProps = {
  wizard: InviteWizard;
  isMobile: boolean;
  token: string;
  isFinishing: boolean;
  onFinish: (draft: InviteDraft) => void;
};

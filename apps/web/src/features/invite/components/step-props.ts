import type { InviteWizard } from '../use-invite-wizard';

/** What every step receives: the wizard (draft, state, actions) and the layout. */
export type StepProps = { wizard: InviteWizard; isMobile: boolean };

/** Steps that talk to the API also need the invite token. */
export type TokenStepProps = StepProps & { token: string };

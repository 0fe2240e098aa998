import { useEffect, useReducer, useState } from 'react';
import { type InviteDraft, initialDraft } from './invite-draft';
import {
  initialWizardState,
  type WizardEvent,
  type WizardLayout,
  type WizardState,
  wizardReducer,
} from './wizard-steps';

/**
 * The informative cards; once closed they stay hidden for the rest of the wizard
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export type InfoCardId = 'newEmail' | 'whatsApp';

export type InviteWizard = {
  state: WizardState;
  draft: InviteDraft;
  /** The email was changed through the check (the new-email card shows). */
  isEmailChanged: boolean;
  dismissed: readonly InfoCardId[];
  /** Saves a step's values and moves on (the WhatsApp choice decides whether the phone step exists). */
  complete: (values: Partial<InviteDraft>) => void;
  /** A checked email (or an unchanged one, whose check is skipped) replaces the invite's and advances. */
  changeEmail: (email: string) => void;
  dispatch: (event: WizardEvent) => void;
  dismiss: (card: InfoCardId) => void;
};

export function useInviteWizard(inviteEmail: string, layout: WizardLayout): InviteWizard {
  const [state, dispatch] = useReducer(wizardReducer, layout, initialWizardState);
  const [draft, setDraft] = useState(() => initialDraft(inviteEmail));
  const [isEmailChanged, setEmailChanged] = useState(false);
  const [dismissed, setDismissed] = useState<InfoCardId[]>([]);

  useEffect(() => dispatch({ type: 'layout', layout }), [layout]);

  return {
    state,
    draft,
    isEmailChanged,
    dismissed,
    dispatch,
    complete: (values) => {
      setDraft((current) => ({ ...current, ...values }));
      dispatch({ type: 'next', whatsAppStatus: values.whatsAppStatus });
    },
    changeEmail: (email) => {
      const lowered = email.toLowerCase();
      if (lowered !== draft.email) {
        setDraft((current) => ({ ...current, email: lowered }));
        setEmailChanged(true);
      }
      dispatch({ type: 'emailChecked' });
    },
    dismiss: (card) => setDismissed((current) => (current.includes(card) ? current : [...current, card])),
  };
}

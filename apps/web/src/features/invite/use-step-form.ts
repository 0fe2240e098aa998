import { useRef } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { type DraftField, type InviteDraft, validateFields } from './invite-draft';

/**
 * The form of one wizard step: react-hook-form over the draft, validated by the contract's
 * personCreationFormSchema restricted to the step's fields (invite-draft.ts). Errors show after the step's
 * first submit, as every form of the app (components/form).
 */
export function useStepForm(fields: readonly DraftField[], draft: InviteDraft) {
  // Other steps' values come from the latest draft, not from the draft this form was mounted with.
  const latest = useRef(draft);
  latest.current = draft;
  const resolver: Resolver<InviteDraft> = async (values) => {
    const own = Object.fromEntries(fields.map((field) => [field, values[field]]));
    const issues = validateFields(fields, { ...latest.current, ...own });
    if (issues.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      issues.map((issue) => [issue.field, { type: 'validation', message: issue.message }]),
    ) as FieldErrors<InviteDraft>;
    return { values: {}, errors };
  };
  const form = useForm<InviteDraft>({
    mode: 'onChange',
    reValidateMode: 'onChange',
    defaultValues: draft,
    resolver,
  });
  const pickOwn = (values: InviteDraft): Partial<InviteDraft> =>
    Object.fromEntries(fields.map((field) => [field, values[field]]));
  return { form, pickOwn };
}

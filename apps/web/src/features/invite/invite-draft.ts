import { type PersonCreation, personCreationFormSchema, type WhatsAppStatus } from '@portal/contract';
import type { WizardStep } from './wizard-steps';

/** What the invitee has typed so far; the person creation is built from it at the end. */
export type InviteDraft = {
  personName: string;
  email: string;
  password: string;
  confirm: string;
  whatsAppStatus: WhatsAppStatus;
  /** Digits only; the mask is display. */
  phoneNumber: string;
  acceptedTerms: boolean;
};

export type DraftField = keyof InviteDraft;

export function initialDraft(email: string): InviteDraft {
  return {
    personName: '',
    email: email.toLowerCase(),
    password: '',
    confirm: '',
    whatsAppStatus: 'NOT_KNOWN',
    phoneNumber: '',
    acceptedTerms: false,
  };
}

/** The fields each step fills (the email is changed by its own check, not by a step form). */
export const stepFields: Record<WizardStep, readonly DraftField[]> = {
  welcome: [],
  identification: ['personName'],
  user: [],
  person: ['personName'],
  editEmail: [],
  password: ['password', 'confirm'],
  confirm: ['confirm'],
  contact: ['whatsAppStatus', 'phoneNumber'],
  informative: ['whatsAppStatus'],
  phone: ['phoneNumber'],
  terms: ['acceptedTerms'],
};

/** The step that fills a field, per layout (where a failed final check sends the invitee back). */
export function stepOfField(field: DraftField, isMobile: boolean): WizardStep {
  if (field === 'personName') return isMobile ? 'person' : 'identification';
  if (field === 'email') return isMobile ? 'user' : 'identification';
  if (field === 'password') return 'password';
  if (field === 'confirm') return isMobile ? 'confirm' : 'password';
  if (field === 'whatsAppStatus') return isMobile ? 'informative' : 'contact';
  if (field === 'phoneNumber') return isMobile ? 'phone' : 'contact';
  return 'terms';
}

/** The request body: the phone only goes with RECEIVE (digits only), nothing else is sent twice. */
export function toPersonCreation(draft: InviteDraft): PersonCreation {
  const { phoneNumber, ...rest } = draft;
  return draft.whatsAppStatus === 'RECEIVE' ? { ...rest, phoneNumber } : rest;
}

export type FieldIssue = { field: DraftField; message: string };

const isDraftField = (key: PropertyKey | undefined): key is DraftField =>
  typeof key === 'string' && key in initialDraft('');

function issuesOf(values: InviteDraft): FieldIssue[] {
  const result = personCreationFormSchema.safeParse(toPersonCreation(values));
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const field = issue.path[0];
    return isDraftField(field) ? [{ field, message: issue.message }] : [];
  });
}

/** Valid stand-ins for fields of other steps, so the schema's cross-field rules run (see validateFields). */
function standIn(field: DraftField, values: InviteDraft): Partial<InviteDraft> {
  if (field === 'personName') return { personName: 'x' };
  if (field === 'email') return { email: 'x@x.co' };
  if (field === 'password') return { password: 'xxxx', confirm: 'xxxx' };
  if (field === 'confirm') return { confirm: values.password };
  if (field === 'phoneNumber') return { phoneNumber: '11987654321' };
  if (field === 'acceptedTerms') return { acceptedTerms: true };
  return { whatsAppStatus: 'NOT_KNOWN' };
}

/**
 * The contract's `personCreationFormSchema` applied to one step: the step's values over the draft, every
 * issue of another step's field replaced by a valid stand-in (zod skips the cross-field rules, confirmation
 * and phone, while any field is missing), and only the step's own fields reported, first issue per field.
 */
export function validateFields(fields: readonly DraftField[], values: InviteDraft): FieldIssue[] {
  const candidate = { ...values };
  let issues = issuesOf(candidate);
  const foreign = [...new Set(issues.map((issue) => issue.field))].filter((field) => !fields.includes(field));
  if (foreign.length > 0) {
    for (const field of foreign) Object.assign(candidate, standIn(field, candidate), pick(values, fields));
    issues = issuesOf(candidate);
  }
  const own = issues.filter((issue) => fields.includes(issue.field));
  return own.filter((issue, index) => own.findIndex((other) => other.field === issue.field) === index);
}

function pick(values: InviteDraft, fields: readonly DraftField[]): Partial<InviteDraft> {
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

/** The final check before sending: the parsed body (trimmed, as the contract outputs it) or the issues. */
export function buildPersonCreation(
  draft: InviteDraft,
): { body: PersonCreation; issues: [] } | { body: null; issues: FieldIssue[] } {
  const result = personCreationFormSchema.safeParse(toPersonCreation(draft));
  if (result.success) return { body: result.data, issues: [] };
  return { body: null, issues: issuesOf(draft) };
}

import { type InboxEventType, inboxEventTypeSchema, type NotificationPreferences } from '@portal/contract';

/** Every event type, in the order the profile lists them (the contract's). */
export const eventTypes: readonly InboxEventType[] = inboxEventTypeSchema.options;

export type EmailChoices = Record<InboxEventType, boolean>;

/** The switches from what the server keeps: every type, on unless the user turned it off. */
export function choicesOf(saved: NotificationPreferences): EmailChoices {
  return Object.fromEntries(eventTypes.map((type) => [type, saved.email[type] ?? true])) as EmailChoices;
}

/** The PUT's body: the whole set, never a part (the server refuses one). */
export function preferencesOf(choices: EmailChoices): NotificationPreferences {
  return { email: Object.fromEntries(eventTypes.map((type) => [type, choices[type]])) as EmailChoices };
}

/** Whether the switches differ from what is saved. */
export function hasChanges(choices: EmailChoices, saved: NotificationPreferences): boolean {
  const current = choicesOf(saved);
  return eventTypes.some((type) => choices[type] !== current[type]);
}

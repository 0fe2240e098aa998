import type { WhatsAppStatus } from '@portal/contract';

/**
 * The steps of the invitation wizard (docs/product/screens-and-routes.md#invitation-wizard) as a pure state
 * machine, so the orders, the skip of the phone step, previous and the email detour are testable without a
 * browser.
 *
 * Desktop: welcome, identification (email and name), password (with its confirmation), contact (WhatsApp
 * choice and phone on one screen), terms. Mobile: welcome, user (email), person (name), password, confirm,
 * informative (WhatsApp choice), phone, terms. `editEmail` is a detour of the identification on both.
 */
export type WizardLayout = 'desktop' | 'mobile';

export type WizardStep =
  | 'welcome'
  | 'identification'
  | 'user'
  | 'person'
  | 'editEmail'
  | 'password'
  | 'confirm'
  | 'contact'
  | 'informative'
  | 'phone'
  | 'terms';

export type WizardState = {
  layout: WizardLayout;
  step: WizardStep;
  whatsAppStatus: WhatsAppStatus;
  /** Steps whose form was completed; they can be opened again (stepper, mobile sections). */
  completed: readonly WizardStep[];
};

export type WizardEvent =
  | { type: 'next'; whatsAppStatus?: WhatsAppStatus }
  | { type: 'previous' }
  | { type: 'editEmail' }
  | { type: 'emailChecked' }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'layout'; layout: WizardLayout };

const desktopOrder: readonly WizardStep[] = ['welcome', 'identification', 'password', 'contact', 'terms'];
const mobileOrder: readonly WizardStep[] = [
  'welcome',
  'user',
  'person',
  'password',
  'confirm',
  'informative',
  'phone',
  'terms',
];

/** The order of the steps; the phone step exists only for someone who wants WhatsApp messages. */
export function stepOrder(layout: WizardLayout, whatsAppStatus: WhatsAppStatus): WizardStep[] {
  if (layout === 'desktop') return [...desktopOrder];
  return mobileOrder.filter((step) => step !== 'phone' || whatsAppStatus === 'RECEIVE');
}

/** The step the email detour belongs to: previous returns there, a checked email moves past it. */
const emailHome: Record<WizardLayout, { back: WizardStep; after: WizardStep }> = {
  desktop: { back: 'identification', after: 'identification' },
  mobile: { back: 'user', after: 'person' },
};

export function initialWizardState(layout: WizardLayout): WizardState {
  return { layout, step: 'welcome', whatsAppStatus: 'NOT_KNOWN', completed: [] };
}

const withCompleted = (completed: readonly WizardStep[], step: WizardStep) =>
  completed.includes(step) ? completed : [...completed, step];

/** A step can be opened when it was completed or when every step before it was (the next one to fill). */
export function canGoTo(state: WizardState, step: WizardStep): boolean {
  const order = stepOrder(state.layout, state.whatsAppStatus);
  const index = order.indexOf(step);
  if (index < 0) return false;
  return order.slice(1, index).every((earlier) => state.completed.includes(earlier));
}

/** The desktop steps that a phone splits in two (the phone step only exists with RECEIVE). */
const mobileParts: Partial<Record<WizardStep, readonly WizardStep[]>> = {
  identification: ['user', 'person'],
  password: ['password', 'confirm'],
  contact: ['informative', 'phone'],
};

function desktopStepOf(step: WizardStep): WizardStep {
  const whole = Object.entries(mobileParts).find(([, parts]) => parts.includes(step));
  return whole ? (whole[0] as WizardStep) : step;
}

/** The same place in the other layout (a window resized across the breakpoint), completion included. */
function changeLayout(state: WizardState, layout: WizardLayout): WizardState {
  if (layout === state.layout) return state;
  if (layout === 'mobile') {
    const order = stepOrder('mobile', state.whatsAppStatus);
    return {
      ...state,
      layout,
      step: mobileParts[state.step]?.[0] ?? state.step,
      completed: order.filter((step) => state.completed.includes(desktopStepOf(step))),
    };
  }
  const mobileOrderNow = stepOrder('mobile', state.whatsAppStatus);
  const completed = stepOrder('desktop', state.whatsAppStatus).filter((step) =>
    (mobileParts[step] ?? [step])
      .filter((part) => mobileOrderNow.includes(part))
      .every((part) => state.completed.includes(part)),
  );
  return { ...state, layout, step: desktopStepOf(state.step), completed };
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'next': {
      const whatsAppStatus = event.whatsAppStatus ?? state.whatsAppStatus;
      const order = stepOrder(state.layout, whatsAppStatus);
      const step = state.step === 'editEmail' ? emailHome[state.layout].back : state.step;
      const next = order[order.indexOf(step) + 1];
      if (!next) return state;
      const completed = step === 'welcome' ? state.completed : withCompleted(state.completed, step);
      return { ...state, whatsAppStatus, step: next, completed };
    }
    case 'previous': {
      if (state.step === 'editEmail') return { ...state, step: emailHome[state.layout].back };
      const order = stepOrder(state.layout, state.whatsAppStatus);
      const previous = order[order.indexOf(state.step) - 1];
      return previous ? { ...state, step: previous } : state;
    }
    case 'editEmail':
      return state.step === emailHome[state.layout].back ? { ...state, step: 'editEmail' } : state;
    case 'emailChecked': {
      if (state.step !== 'editEmail') return state;
      const { back, after } = emailHome[state.layout];
      // On a phone the email has its own step, which the check completes; on a desktop the name is still due.
      const completed = back === after ? state.completed : withCompleted(state.completed, back);
      return { ...state, step: after, completed };
    }
    case 'goTo':
      return canGoTo(state, event.step) ? { ...state, step: event.step } : state;
    case 'layout':
      return changeLayout(state, event.layout);
  }
}

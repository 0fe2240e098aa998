import { describe, expect, it } from 'vitest';
import {
  canGoTo,
  initialWizardState,
  stepOrder,
  type WizardEvent,
  type WizardLayout,
  type WizardState,
  wizardReducer,
} from './wizard-steps';

const run = (layout: WizardLayout, ...events: WizardEvent[]): WizardState =>
  events.reduce(wizardReducer, initialWizardState(layout));

const next = (whatsAppStatus?: 'RECEIVE' | 'NOT_RECEIVE'): WizardEvent => ({ type: 'next', whatsAppStatus });
const previous: WizardEvent = { type: 'previous' };

/** Walks forward with `next` and records every step reached. */
function walk(layout: WizardLayout, whatsAppStatus: 'RECEIVE' | 'NOT_RECEIVE'): string[] {
  let state = initialWizardState(layout);
  const seen = [state.step as string];
  for (let i = 0; i < 12; i += 1) {
    const isChoice = state.step === 'contact' || state.step === 'informative';
    const after = wizardReducer(state, next(isChoice ? whatsAppStatus : undefined));
    if (after === state) break;
    state = after;
    seen.push(state.step);
  }
  return seen;
}

describe('the invitation step orders (docs/product screens)', () => {
  it('desktop: welcome, identification, password and confirm, contact, terms', () => {
    expect(walk('desktop', 'RECEIVE')).toEqual(['welcome', 'identification', 'password', 'contact', 'terms']);
    expect(walk('desktop', 'NOT_RECEIVE')).toEqual([
      'welcome',
      'identification',
      'password',
      'contact',
      'terms',
    ]);
  });

  it('mobile: user then person, password then confirm, informative then phone', () => {
    expect(walk('mobile', 'RECEIVE')).toEqual([
      'welcome',
      'user',
      'person',
      'password',
      'confirm',
      'informative',
      'phone',
      'terms',
    ]);
  });

  it('not receiving WhatsApp skips the phone step and goes to terms', () => {
    expect(walk('mobile', 'NOT_RECEIVE')).toEqual([
      'welcome',
      'user',
      'person',
      'password',
      'confirm',
      'informative',
      'terms',
    ]);
    expect(stepOrder('mobile', 'NOT_KNOWN')).not.toContain('phone');
  });

  it('next on the last step stays there', () => {
    const atTerms = run('desktop', next(), next(), next(), next('NOT_RECEIVE'));
    expect(atTerms.step).toBe('terms');
    expect(wizardReducer(atTerms, next())).toBe(atTerms);
  });
});

describe('previous', () => {
  it('goes back one step, down to the welcome and no further', () => {
    const atPassword = run('desktop', next(), next());
    expect(atPassword.step).toBe('password');
    expect(wizardReducer(atPassword, previous).step).toBe('identification');
    expect(run('desktop', next(), previous).step).toBe('welcome');
    expect(run('desktop', previous).step).toBe('welcome');
  });

  it('from terms returns to the phone only when the phone step was on the way', () => {
    const base = [next(), next(), next(), next(), next()] as const;
    expect(run('mobile', ...base, next('RECEIVE'), next(), previous).step).toBe('phone');
    expect(run('mobile', ...base, next('NOT_RECEIVE'), previous).step).toBe('informative');
  });

  it('keeps what was completed, so moving forward again is allowed', () => {
    const back = run('mobile', next(), next(), next(), previous, previous);
    expect(back.step).toBe('user');
    expect(canGoTo(back, 'password')).toBe(true);
    expect(canGoTo(back, 'confirm')).toBe(false);
  });
});

describe('edit email', () => {
  it('is a detour of the identification: previous returns to it', () => {
    const desktop = run('desktop', next(), { type: 'editEmail' });
    expect(desktop.step).toBe('editEmail');
    expect(wizardReducer(desktop, previous).step).toBe('identification');
    const mobile = run('mobile', next(), { type: 'editEmail' });
    expect(mobile.step).toBe('editEmail');
    expect(wizardReducer(mobile, previous).step).toBe('user');
  });

  it('a checked email advances: to the name on a phone (the user step done), back to the identification on a desktop', () => {
    const mobile = run('mobile', next(), { type: 'editEmail' }, { type: 'emailChecked' });
    expect(mobile.step).toBe('person');
    expect(mobile.completed).toContain('user');
    const desktop = run('desktop', next(), { type: 'editEmail' }, { type: 'emailChecked' });
    expect(desktop.step).toBe('identification');
    expect(desktop.completed).not.toContain('identification');
  });

  it('can only start from the identification step', () => {
    const atPassword = run('desktop', next(), next());
    expect(wizardReducer(atPassword, { type: 'editEmail' })).toBe(atPassword);
    expect(wizardReducer(atPassword, { type: 'emailChecked' })).toBe(atPassword);
  });
});

describe('going to a step (stepper and mobile sections)', () => {
  it('opens completed steps and the next one to fill, never a later one', () => {
    const atContact = run('desktop', next(), next(), next());
    expect(wizardReducer(atContact, { type: 'goTo', step: 'identification' }).step).toBe('identification');
    expect(wizardReducer(atContact, { type: 'goTo', step: 'terms' })).toBe(atContact);
    const reopened = wizardReducer(atContact, { type: 'goTo', step: 'identification' });
    expect(wizardReducer(reopened, { type: 'goTo', step: 'contact' }).step).toBe('contact');
  });

  it('a phone step that became required must be filled before terms', () => {
    const atTerms = run('mobile', next(), next(), next(), next(), next(), next('NOT_RECEIVE'));
    expect(atTerms.step).toBe('terms');
    const receive = run('mobile', next(), next(), next(), next(), next(), next('NOT_RECEIVE'), {
      type: 'goTo',
      step: 'informative',
    });
    const changed = wizardReducer(receive, next('RECEIVE'));
    expect(changed.step).toBe('phone');
    expect(canGoTo(changed, 'terms')).toBe(false);
  });
});

describe('a window resized across the breakpoint', () => {
  it('keeps the place and what was completed', () => {
    const desktop = run('desktop', next(), next(), next());
    const mobile = wizardReducer(desktop, { type: 'layout', layout: 'mobile' });
    expect(mobile.step).toBe('informative');
    expect(mobile.completed).toEqual(['user', 'person', 'password', 'confirm']);
    const halfway = run('mobile', next(), next(), next());
    const back = wizardReducer(halfway, { type: 'layout', layout: 'desktop' });
    expect(back.step).toBe('password');
    expect(back.completed).toEqual(['identification']);
  });
});

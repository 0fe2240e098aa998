import { Box, Stepper, Transition } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { focusStep, useInviteMotion } from '../use-invite-motion';
import { canGoTo, type WizardStep } from '../wizard-steps';
import { StepContent } from './step-content';
import type { WizardBodyProps } from './wizard-body-props';

const stepperSteps = ['identification', 'password', 'contact', 'terms'] as const;
const stepperLabels = {
  identification: 'invite.step.identification',
  password: 'invite.step.password',
  contact: 'invite.step.contact',
  terms: 'invite.step.terms',
} as const;
const panels: readonly WizardStep[] = ['identification', 'editEmail', 'password', 'contact', 'terms'];

function DesktopPanel({ step, ...props }: WizardBodyProps & { step: WizardStep }) {
  const motion = useInviteMotion();
  const ref = useRef<HTMLDivElement>(null);
  const isCurrent = props.wizard.state.step === step;
  // Also when the panel is current from its first render (the welcome just left), which has no enter.
  useEffect(() => {
    if (!isCurrent) return;
    const timer = window.setTimeout(() => focusStep(ref.current), motion.exit + motion.enter);
    return () => window.clearTimeout(timer);
  }, [isCurrent, motion.exit, motion.enter]);
  return (
    <Transition
      mounted={isCurrent}
      transition="fade-left"
      duration={motion.enter}
      exitDuration={motion.exit}
      // The entering step waits for the leaving one, so the two never stack.
      enterDelay={motion.exit}
      onEntered={() => focusStep(ref.current)}
    >
      {(style) => (
        <Box ref={ref} style={style}>
          <StepContent {...props} step={step} />
        </Box>
      )}
    </Transition>
  );
}

/** Desktop: the four-step stepper (identification, password, contact, terms of use) over the current step. */
export function DesktopWizard(props: WizardBodyProps) {
  const { t } = useTranslation();
  const { state, dispatch } = props.wizard;
  const active =
    state.step === 'editEmail' ? 0 : stepperSteps.indexOf(state.step as (typeof stepperSteps)[number]);
  return (
    <>
      <Box component="nav" aria-label={t('invite.steps')} mb="xl">
        <Stepper
          active={active}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(index) => dispatch({ type: 'goTo', step: stepperSteps[index] ?? 'identification' })}
        >
          {stepperSteps.map((step, index) => (
            <Stepper.Step
              key={step}
              label={t(stepperLabels[step])}
              allowStepSelect={index !== active && canGoTo(state, step)}
              aria-current={index === active ? 'step' : undefined}
            />
          ))}
        </Stepper>
      </Box>
      {panels.map((step) => (
        <DesktopPanel key={step} {...props} step={step} />
      ))}
    </>
  );
}

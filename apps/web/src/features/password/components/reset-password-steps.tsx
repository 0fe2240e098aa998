import { Button, Group, Stack, Text, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { limits, type PasswordReset, passwordResetSchema } from '@portal/contract';
import { useState } from 'react';
import { FormPasswordField } from '../../../components/form/form-fields';
import { FormSubmit } from '../../../components/form/form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { StrengthMeter } from './strength-meter';

type Props = { resetKey: string; isSaving: boolean; onSubmit: (body: PasswordReset) => void };

/**
 * Transitions (docs/product/screens-and-routes.md#constants): exit 350 ms, enter 750 ms; none when the user
 * asks for less motion.
 */
const motion = { exit: 350, enter: 750 };

/**
 * The reset on a mobile-type device: step 1 the password, step 2 its confirmation, sliding between them;
 * back returns to step 1 (docs/product/screens-and-routes.md#password-reset-screen). Continue counts as a
 * submit attempt of step 1 for showing errors.
 */
export function ResetPasswordSteps({ resetKey, isSaving, onSubmit }: Props) {
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  const [step, setStep] = useState<1 | 2>(1);
  const [isAttempted, setAttempted] = useState(false);
  const form = useZodForm(passwordResetSchema, { key: resetKey, password: '', confirm: '' });
  const password = form.watch('password');
  const next = async () => {
    setAttempted(true);
    if (await form.trigger('password')) setStep(2);
  };
  const timing = (delay: boolean) => ({
    duration: reduceMotion ? 0 : motion.enter,
    exitDuration: reduceMotion ? 0 : motion.exit,
    // The entering step waits for the leaving one, so the two never stack.
    enterDelay: delay && !reduceMotion ? motion.exit : 0,
  });
  return (
    // The sliding steps must not widen the page while they move.
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate style={{ overflowX: 'hidden' }}>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {t('reset.step', { n: step })}
      </Text>
      <Transition mounted={step === 1} transition="slide-right" {...timing(true)}>
        {(style) => (
          <Stack gap="md" style={style}>
            <FormPasswordField
              control={form.control}
              name="password"
              label={t('reset.password')}
              autoComplete="new-password"
              maxLength={limits.passwordMax}
              forceErrors={isAttempted}
            />
            <StrengthMeter password={password} />
            <Button onClick={() => void next()}>{t('reset.next')}</Button>
          </Stack>
        )}
      </Transition>
      <Transition mounted={step === 2} transition="slide-left" {...timing(true)}>
        {(style) => (
          <Stack gap="md" style={style}>
            <FormPasswordField
              control={form.control}
              name="confirm"
              label={t('reset.confirm')}
              autoComplete="new-password"
              maxLength={limits.passwordMax}
            />
            <Group justify="space-between" align="start">
              <Button variant="default" onClick={() => setStep(1)}>
                {t('global.back')}
              </Button>
              <FormSubmit control={form.control} label={t('reset.submit')} loading={isSaving} />
            </Group>
          </Stack>
        )}
      </Transition>
    </form>
  );
}

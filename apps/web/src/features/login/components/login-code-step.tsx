import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { twoFactorEnableBodySchema } from '@portal/contract';
import { useEffect, useState } from 'react';
import { FormCodeField } from '../../../components/form/form-code-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  isSubmitting: boolean;
  /** Sends the code; `onRefused` puts the server's answer on the field. */
  onSubmit: (otp: string, onRefused: (error: unknown) => void) => void;
  /** Back to the email and password. */
  onBack: () => void;
};

/**
 * The login's second step (docs/product/account-security.md#login), on the same screen after the right
 * password: the 6 digits of the authenticator app (`autocomplete=one-time-code`, the number pad), or a recovery
 * code. A wrong code is said on the field and the form stays; the way back returns to email and password.
 * Loaded only when a login needs it (not on the first load of /).
 */
export function LoginCodeStep({ isSubmitting, onSubmit, onBack }: Props) {
  const { t } = useTranslation();
  const [usesRecovery, setUsesRecovery] = useState(false);
  const form = useZodForm(twoFactorEnableBodySchema, { code: '' });
  // The code is what the user types next (and what a password manager may offer to fill).
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = form.handleSubmit(({ code }) =>
    onSubmit(code, (error) =>
      applyServerErrors(form.setError, error, { code: 'error.user.otpInvalid', field: 'code' }),
    ),
  );
  const switchKind = () => {
    setUsesRecovery((uses) => !uses);
    form.reset({ code: '' });
    // The field changes: the user goes on typing in the new one.
    requestAnimationFrame(() => form.setFocus('code'));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.mfa.title')}
        </Title>
        <Text size="sm">{t(usesRecovery ? 'login.mfa.recovery-text' : 'login.mfa.text')}</Text>
        <FormCodeField
          // A new field for the other kind: its autofill, keyboard and length differ.
          key={usesRecovery ? 'recovery' : 'app'}
          control={form.control}
          name="code"
          digits={!usesRecovery}
          label={t(usesRecovery ? 'login.mfa.recovery' : 'login.mfa.code')}
          size="md"
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={switchKind}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(usesRecovery ? 'login.mfa.use-app' : 'login.mfa.use-recovery')}
        </Anchor>
        <FormSubmit
          control={form.control}
          label={t('login.mfa.submit')}
          loading={isSubmitting}
          size="md"
          fullWidth
        />
        <Button variant="subtle" onClick={onBack} disabled={isSubmitting}>
          {t('login.mfa.back')}
        </Button>
      </Stack>
    </form>
  );
}

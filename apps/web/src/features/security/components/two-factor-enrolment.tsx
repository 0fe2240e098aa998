import { Box, Stack, Text, Title } from '@mantine/core';
import { type TwoFactorSetup, twoFactorEnableBodySchema, twoFactorSetupBodySchema } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { FormCodeField } from '../../../components/form/form-code-field';
import { FormCurrentPasswordField } from '../../../components/form/form-fields';
import { FormActions } from '../../../components/form/form-submit';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useEnableTwoFactor, useSetUpTwoFactor } from '../api/two-factor';
import { groupsOfFour, secretOf, svgImageSource } from '../otpauth';
import { RecoveryCodes } from './recovery-codes';

type Props = {
  /** For the recovery codes' file. */
  issuer: string;
  /** The factor is on (the recovery codes are on screen). */
  onEnabled?: () => void;
  /** The user kept the recovery codes. */
  doneLabel: string;
  onDone: () => void;
  /** Leaves the enrolment before the factor is on; absent where enrolment cannot be left (forced). */
  onCancel?: () => void;
};

/**
 * Enrolling a second factor (docs/product/account-security.md#second-factor): the password, then the QR code
 * and the key for typing by hand with a code of the app to confirm, then the recovery codes, shown once.
 */
export function TwoFactorEnrolment({ issuer, onEnabled, doneLabel, onDone, onCancel }: Props) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} issuer={issuer} doneLabel={doneLabel} onDone={onDone} />;
  if (setup) {
    return (
      <ScanStep
        setup={setup}
        onCancel={onCancel}
        onEnabled={(recoveryCodes) => {
          setCodes(recoveryCodes);
          onEnabled?.();
        }}
      />
    );
  }
  return <PasswordStep onSetUp={setSetup} onCancel={onCancel} />;
}

function PasswordStep({
  onSetUp,
  onCancel,
}: {
  onSetUp: (setup: TwoFactorSetup) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(twoFactorSetupBodySchema, { password: '' });
  const setUp = useSetUpTwoFactor();
  const submit = form.handleSubmit((body) =>
    setUp.mutate(body, {
      onSuccess: onSetUp,
      onError: (error) =>
        applyServerErrors(form.setError, error, {
          code: 'error.invalidpassword',
          field: 'password',
          message: 'form.password-wrong',
        }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <Text size="sm">{t('security.2fa.setup.text')}</Text>
        <FormCurrentPasswordField control={form.control} name="password" />
        <FormActions
          onCancel={onCancel}
          control={form.control}
          label={t('security.2fa.setup.submit')}
          loading={setUp.isPending}
        />
      </Stack>
    </form>
  );
}

function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(twoFactorEnableBodySchema, { code: '' });
  const enable = useEnableTwoFactor();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const key = groupsOfFour(secretOf(setup.otpauthUri));
  const submit = form.handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: (answer) => onEnabled(answer.recoveryCodes),
      onError: (error) =>
        applyServerErrors(form.setError, error, { code: 'error.user.otpInvalid', field: 'code' }),
    }),
  );
  return (
    <Stack gap="md">
      <Title order={4} size="h5" ref={titleRef} tabIndex={-1}>
        {t('security.2fa.scan.title')}
      </Title>
      <Text size="sm">{t('security.2fa.scan.text')}</Text>
      <Box
        p="sm"
        bg="white"
        style={{ alignSelf: 'start', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        <Box
          component="img"
          src={svgImageSource(setup.qrSvg)}
          alt={t('security.2fa.scan.qr-alt')}
          width={184}
          height={184}
          display="block"
          style={{ objectFit: 'contain' }}
          data-testid="two-factor-qr"
        />
      </Box>
      <Stack gap={4}>
        <Text size="sm">{t('security.2fa.scan.key')}</Text>
        <Text
          component="p"
          m={0}
          ff="monospace"
          fz="lg"
          fw={600}
          data-testid="two-factor-key"
          style={{ wordSpacing: '0.35em', overflowWrap: 'anywhere' }}
        >
          {key.join(' ')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <FormCodeField
            control={form.control}
            name="code"
            label={t('security.2fa.scan.code')}
            description={t('security.2fa.scan.code-hint')}
          />
          <FormActions
            onCancel={onCancel}
            control={form.control}
            label={t('security.2fa.scan.submit')}
            loading={enable.isPending}
          />
        </Stack>
      </form>
    </Stack>
  );
}

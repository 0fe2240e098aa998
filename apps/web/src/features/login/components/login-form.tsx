import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type LoginForm as LoginValues, limits } from '@portal/contract';
import { Link } from 'react-router';
import { PasswordField, SubmitButton, TextField } from '../../../components/form/fields';
import { asMessageKey } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useLoginForm } from './use-login-form';

type Props = {
  isSubmitting: boolean;
  onSubmit: (values: LoginValues) => void;
  forgotPasswordTo: string;
  registerTo: string;
  /**
   * The buyer-specific build's notice that access is paused (docs/product/screens-and-routes.md#buyer-build).
   */
  pausedNotice: string | null;
  /** The email typed before (back from the code step). */
  initialEmail?: string;
  /** The form was sent and its own rules refused it (drawn so by the server): its field errors show. */
  initiallySubmitted?: boolean;
  /** Why the user is back at this step (the code step's time ran out, a refused login the server drew). */
  notice?: string | null;
};

/** Email, password, forgot-password link, enter button and the register action. */
export function LoginForm({
  isSubmitting,
  onSubmit,
  forgotPasswordTo,
  registerTo,
  pausedNotice,
  initialEmail,
  initiallySubmitted,
  notice,
}: Props) {
  const { t } = useTranslation();
  const form = useLoginForm(onSubmit, initialEmail, initiallySubmitted);
  const feedback = (name: keyof LoginValues) => {
    const { errorKey, ...field } = form.field(name);
    return { ...field, error: errorKey ? t(asMessageKey(errorKey)) : undefined };
  };
  return (
    // POST: a submit before the app has taken the server's page over (main.tsx) is the browser's own, and must
    // not put the password in the address; the server signs in with it as the app would (apps/api/src/http/spa.ts).
    <form method="post" onSubmit={form.handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        {notice && (
          <Alert color="yellow" variant="light" role="alert">
            <Text size="sm" c="dark.7">
              {notice}
            </Text>
          </Alert>
        )}
        {pausedNotice && (
          <Alert color="yellow" variant="light" role="note">
            <Text size="sm" c="dark.7">
              {pausedNotice}
            </Text>
          </Alert>
        )}
        <TextField
          {...feedback('email')}
          label={t('login.email')}
          type="email"
          autoComplete="username"
          maxLength={limits.emailMax}
        />
        <PasswordField
          {...feedback('password')}
          label={t('login.password')}
          autoComplete="current-password"
          maxLength={limits.passwordMax}
        />
        <Anchor component={Link} to={forgotPasswordTo} size="sm" style={{ alignSelf: 'flex-end' }}>
          {t('login.forgot')}
        </Anchor>
        <SubmitButton
          label={t('login.submit')}
          reason={form.isBlocked ? t('form.fix-errors') : null}
          loading={isSubmitting}
          size="md"
          fullWidth
        />
        <Group gap={6} justify="center">
          <Text size="sm">{t('login.register.question')}</Text>
          <Anchor
            component={Link}
            to={registerTo}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            fw={600}
          >
            {t('login.register')} <span className="visually-hidden">{t('global.new-tab')}</span>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

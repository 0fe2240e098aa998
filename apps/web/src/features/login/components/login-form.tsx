import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type LoginForm as LoginValues, limits, loginFormSchema } from '@portal/contract';
import { Link } from 'react-router';
import { FormPasswordField, FormTextField } from '../../../components/form/form-fields';
import { FormSubmit } from '../../../components/form/form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  isSubmitting: boolean;
  onSubmit: (values: LoginValues) => void;
  forgotPasswordTo: string;
  registerTo: string;
  /** The buyer-specific build's notice that access is paused (PORTAL_SPEC 1). */
  pausedNotice: string | null;
};

/** Email, password, forgot-password link, enter button and the register action. */
export function LoginForm({ isSubmitting, onSubmit, forgotPasswordTo, registerTo, pausedNotice }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(loginFormSchema, { email: '', password: '' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        {pausedNotice && (
          <Alert color="yellow" variant="light" role="note">
            <Text size="sm" c="dark.7">
              {pausedNotice}
            </Text>
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          maxLength={limits.emailMax}
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          maxLength={limits.passwordMax}
        />
        <Anchor component={Link} to={forgotPasswordTo} size="sm" style={{ alignSelf: 'flex-end' }}>
          {t('login.forgot')}
        </Anchor>
        <FormSubmit
          control={form.control}
          label={t('login.submit')}
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

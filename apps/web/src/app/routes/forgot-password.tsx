import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/password/components/forgot-password-form';
import { useTranslation } from '../../lib/i18n/use-translation';

/** `/forgot-password`: the email, back and send; the success modal's action goes back to the login. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <title>{`${t('forgot.title')} · ${t('app.name')}`}</title>
      <ForgotPasswordForm onBack={() => navigate(paths.login)} />
    </Paper>
  );
}

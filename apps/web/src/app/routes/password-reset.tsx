import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { useFinishPasswordReset } from '../../features/password/api/finish-password-reset';
import { useResetKeyUser } from '../../features/password/api/get-reset-key-user';
import { ResetPasswordForm } from '../../features/password/components/reset-password-form';
import { ResetPasswordSteps } from '../../features/password/components/reset-password-steps';
import { ResetSuccessModal } from '../../features/password/components/reset-success-modal';
import { isMobileDevice } from '../../lib/device';
import { useTranslation } from '../../lib/i18n/use-translation';

/**
 * `/password-reset/:key`: the key's user is looked up first (spinner; an unknown key is a blocking error
 * whose action goes to /), then the login name and the form: two steps on a mobile-type device, one
 * form with the strength meter elsewhere.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useParams().key ?? '';
  const user = useResetKeyUser(key);
  const finish = useFinishPasswordReset();
  const isMobile = useMemo(() => isMobileDevice(), []);
  const Form = isMobile ? ResetPasswordSteps : ResetPasswordForm;
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <title>{`${t('reset.title')} · ${t('app.name')}`}</title>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('reset.title')}
        </Title>
        {user.isPending && <PageSpinner label={t('reset.loading')} />}
        {user.isSuccess && (
          <>
            <Text fw={600}>{t('reset.login', { login: user.data.login })}</Text>
            <Form resetKey={key} isSaving={finish.isPending} onSubmit={(body) => finish.mutate(body)} />
          </>
        )}
      </Stack>
      <ResetSuccessModal
        opened={finish.isSuccess}
        isMobile={isMobile}
        openAppUrl={appConfig.openAppUrl}
        onLogin={() => navigate(paths.login)}
      />
    </Paper>
  );
}

import { Box, Loader, Paper, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { LanguageSelect } from '../../components/layout/language-select';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { LoginCarousel } from '../../features/login/components/login-carousel';
import { LoginForm } from '../../features/login/components/login-form';
import { useIssueToken } from '../../features/session/api/issue-token';
import { useSessionQueries } from '../../features/session/use-session-queries';
import { useTranslation } from '../../lib/i18n/use-translation';
import classes from './login.module.css';

const stepTargets = {
  giroApi: paths.giroApi,
  acceptTerms: paths.acceptTerms,
  dashboard: paths.dashboard,
} as const;

/**
 * `/`: the login (no header or footer). With a stored token the auto-login screen shows a spinner while the
 * account and terms load, then the session goes on to /giro-api, the terms or the dashboard
 * (docs/product/screens-and-routes.md#session-flow).
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSessionQueries();
  const login = useIssueToken();
  if (session.hasToken) {
    if (session.step !== 'wait') return <Navigate to={stepTargets[session.step]} replace />;
    return (
      <Box component="main" id="main" className={classes.auto}>
        <title>{t('app.name')}</title>
        <BrandMark />
        <Box role="status" aria-live="polite" className={classes.autoStatus}>
          <Loader aria-hidden />
          <Text c="dimmed">{t('login.auto')}</Text>
        </Box>
      </Box>
    );
  }
  return (
    <Box component="main" id="main" className={classes.page}>
      <title>{`${t('login.title')} · ${t('app.name')}`}</title>
      <Box className={classes.formSide}>
        <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} radius="md" withBorder>
          <Box mb="lg">
            <BrandMark />
          </Box>
          <LoginForm
            isSubmitting={login.isPending}
            onSubmit={(values) => login.mutate(values)}
            forgotPasswordTo={paths.forgotPassword}
            registerTo={paths.giroTech}
            pausedNotice={appConfig.flavor === 'buyer' ? t('flavor.buyer.paused') : null}
          />
        </Paper>
        <Box mt="md" className={classes.language}>
          <LanguageSelect />
        </Box>
      </Box>
      <Box className={classes.carouselSide}>
        <LoginCarousel />
      </Box>
    </Box>
  );
}

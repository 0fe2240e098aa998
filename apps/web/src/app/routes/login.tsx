import { Box, Center, Loader, Paper, Text } from '@mantine/core';
import type { ErrorCode } from '@portal/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { LanguageSelect } from '../../components/layout/language-select';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { LoginCarousel } from '../../features/login/components/login-carousel';
import { LoginForm } from '../../features/login/components/login-form';
import { drawnLogin, refusalMessageKey } from '../../features/login/drawn-login';
import { useSignIn, useSignInWithCode } from '../../features/session/api/sign-in';
import { useSessionQueries } from '../../features/session/use-session-queries';
import { isApiError } from '../../lib/errors/app-error';
import { asMessageKey } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';
import { mfaTokenOf } from '../../lib/session/log-in';
import classes from './login.module.css';

// The code step loads when a login needs it: most logins never do, and the first load of / stays as it was.
const LoginCodeStep = lazy(() =>
  import('../../features/login/components/login-code-step').then((module) => ({
    default: module.LoginCodeStep,
  })),
);

const stepTargets = {
  twoFactor: paths.twoFactor,
  giroApi: paths.giroApi,
  acceptTerms: paths.acceptTerms,
  dashboard: paths.dashboard,
} as const;

/**
 * `/`: the login (no header or footer). With a session (its hint cookie) the auto-login screen shows a spinner while the
 * account and terms load, then the session goes on to /two-factor, /giro-api, the terms or the dashboard
 * (docs/product/screens-and-routes.md#session-flow). A right password of an account with a second factor
 * answers with a one-use token instead, and the same screen asks for the code
 * (docs/product/account-security.md#login); when that token has expired, the screen is back at the password
 * with the email kept and a message saying why. A login the browser posted before the app took the page over
 * comes back drawn by the server (features/login/drawn-login.ts): a refusal's message in place with the email
 * kept, or the code step once the app runs.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSessionQueries();
  const login = useSignIn();
  const codeLogin = useSignInWithCode();
  const [challenge, setChallenge] = useState<{ email: string; mfaToken: string } | null>(null);
  // What the server drew the page with, if it answered a posted login: the first render must draw the same.
  const [drawn] = useState(drawnLogin.get);
  const [back, setBack] = useState<{ email: string; notice: ErrorCode | null } | null>(
    drawn && { email: drawn.email, notice: drawn.refusal ? refusalMessageKey(drawn.refusal) : null },
  );
  useEffect(() => {
    // Once only: a later visit of / (after a logout) starts from an empty form.
    drawnLogin.set(null);
    if (drawn?.mfaToken) setChallenge({ email: drawn.email, mfaToken: drawn.mfaToken });
  }, [drawn]);
  if (session.hasSession) {
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
          {challenge ? (
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label={t('global.loading')} />
                </Center>
              }
            >
              <LoginCodeStep
                isSubmitting={codeLogin.isPending}
                onSubmit={(otp, onRefused) =>
                  codeLogin.mutate(
                    { mfaToken: challenge.mfaToken, otp },
                    {
                      onError: (error) => {
                        if (isApiError(error) && error.detail.code === 'error.user.mfaTokenInvalid') {
                          setBack({ email: challenge.email, notice: 'error.user.mfaTokenInvalid' });
                          setChallenge(null);
                        } else onRefused(error);
                      },
                    },
                  )
                }
                onBack={() => {
                  setBack({ email: challenge.email, notice: null });
                  setChallenge(null);
                }}
              />
            </Suspense>
          ) : (
            <LoginForm
              isSubmitting={login.isPending}
              onSubmit={(values) => {
                setBack((current) => current && { ...current, notice: null });
                login.mutate(values, {
                  onError: (error) => {
                    const mfaToken = mfaTokenOf(error);
                    if (mfaToken) setChallenge({ email: values.email, mfaToken });
                  },
                });
              }}
              forgotPasswordTo={paths.forgotPassword}
              registerTo={paths.giroTech}
              pausedNotice={appConfig.flavor === 'buyer' ? t('flavor.buyer.paused') : null}
              initialEmail={back?.email}
              initiallySubmitted={drawn?.invalid === true}
              notice={back?.notice ? t(asMessageKey(back.notice)) : null}
            />
          )}
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

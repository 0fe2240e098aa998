import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { paths } from '../../config/paths';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { TwoFactorEnrolment } from '../../features/security/components/two-factor-enrolment';
import { accountQueryOptions } from '../../features/session/api/get-account';
import { useLogout } from '../../features/session/use-logout';
import { useSessionQueries } from '../../features/session/use-session-queries';
import { useTranslation } from '../../lib/i18n/use-translation';

/**
 * `/two-factor`: the forced enrolment (docs/product/account-security.md#forced-enrolment). A user whose
 * organization requires a second factor and who has none comes here right after login, before any other page,
 * and can only enrol or log out; the page asks the API for nothing but the account and the enrolment. Once the
 * recovery codes are kept, the account is read again and the session goes on where it would have (through /).
 * Anyone else who opens it goes on at once.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSessionQueries();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const organizationName = useOrganizationName(t('app.name'));
  if (session.step === 'wait') return <PageSpinner />;
  if (session.step !== 'twoFactor') return <Navigate to={paths.login} replace />;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto" w="100%">
      <title>{`${t('two-factor.title')} · ${t('app.name')}`}</title>
      <Stack gap="md">
        <Group justify="space-between" align="start" gap="sm">
          <Title order={1} size="h2" style={{ flex: 1, minWidth: '12rem' }}>
            {t('two-factor.title')}
          </Title>
          <Button variant="default" onClick={() => void logout()}>
            {t('two-factor.logout')}
          </Button>
        </Group>
        <Text>{t('two-factor.text')}</Text>
        <TwoFactorEnrolment
          issuer={organizationName}
          doneLabel={t('two-factor.continue')}
          onDone={() => void queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey })}
        />
      </Stack>
    </Paper>
  );
}

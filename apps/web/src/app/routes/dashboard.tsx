import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { appConfig } from '../../config/app-config';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { usePortfolio } from '../../features/dashboard/api/get-portfolio';
import { useNextCredits } from '../../features/dashboard/api/list-next-credits';
import { CannotAnticipate } from '../../features/dashboard/components/cannot-anticipate';
import { DashboardSkeleton } from '../../features/dashboard/components/dashboard-skeleton';
import { useMyPrograms } from '../../features/programs/api/list-my-programs';
import { useAccount } from '../../features/session/api/get-account';
import { useFormat } from '../../lib/format/use-format';
import { useTranslation } from '../../lib/i18n/use-translation';
import { DashboardSections } from './dashboard-sections';

/** The dashboard asks for 3 programs (docs/product/screens-and-routes.md#dashboard). */
const dashboardProgramLimit = 3;

/**
 * `/dashboard`: the greeting; when the company can anticipate, up to 3 programs with a see-all link and the
 * next invoices; the portfolio chart; otherwise the message naming the company.
 *
 * The greeting, and what the company can anticipate, show at once: the provider layout has loaded the account
 * and the company. The sections replace their skeleton together once all their calls have answered (or
 * failed): how many programs and invoices there are cannot push a section the user already sees.
 */
export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const account = useAccount();
  const company = useDefaultCompany();
  const canAnticipate = company.data?.canAnticipate === true;
  const programs = useMyPrograms(dashboardProgramLimit, canAnticipate);
  const nextCredits = useNextCredits(canAnticipate);
  const portfolio = usePortfolio();
  const isWaiting = portfolio.isPending || (canAnticipate && (programs.isPending || nextCredits.isPending));
  // The sections render in a transition, in slices, rather than in one long task.
  const showsSections = useDeferredValue(!isWaiting);

  return (
    <Stack gap="lg">
      <title>{`${t('header.dashboard')} · ${t('app.name')}`}</title>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={1} size="h2">
          {t('dashboard.greeting', { name: account.data?.firstName ?? '' })}
        </Title>
        {canAnticipate && company.data && (
          // How much the company can receive, across its programs: the first question of the dashboard.
          <Stack gap={0} align="flex-end">
            <Text size="sm" c="dimmed">
              {t('programs.available')}
            </Text>
            <Text fw={600} fz="h3" lh={1.3}>
              {format.money(company.data.value)}
            </Text>
          </Stack>
        )}
      </Group>
      {appConfig.flavor === 'buyer' && (
        <Alert color="brand" variant="light" role="note">
          {t('flavor.buyer.dashboard-note')}
        </Alert>
      )}
      {company.data && !canAnticipate && (
        <CannotAnticipate name={company.data.name} identification={company.data.identification} />
      )}
      {showsSections ? (
        <DashboardSections
          company={company.data}
          canAnticipate={canAnticipate}
          programLimit={dashboardProgramLimit}
        />
      ) : (
        <DashboardSkeleton withPrograms={canAnticipate} />
      )}
    </Stack>
  );
}

import { Alert, Anchor, Grid, Stack, Title } from '@mantine/core';
import type { NextCredit, Program } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { CannotAnticipate } from '../../features/dashboard/components/cannot-anticipate';
import { NextInvoices } from '../../features/dashboard/components/next-invoices';
import { PortfolioSection } from '../../features/dashboard/components/portfolio-section';
import { SectionCard } from '../../features/dashboard/components/section-card';
import { myProgramsQueryOptions } from '../../features/programs/api/list-my-programs';
import { ProgramsPanel } from '../../features/programs/components/programs-panel';
import { useAccount } from '../../features/session/api/get-account';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState } from './anticipation-invoices';
import type { SimulationState } from './anticipation-simulation';

/** PORTAL_SPEC 9: the dashboard asks for 3 programs. */
const dashboardProgramLimit = 3;

const invoicesLink = (program: Program) => ({
  to: paths.anticipationInvoices,
  state: { program } satisfies InvoicesState,
});

/**
 * `/dashboard`: the greeting; when the company can anticipate, up to 3 programs with a see-all link and the
 * next invoices (calculate opens the simulation of that invoice); the portfolio chart; otherwise the message
 * naming the company.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const company = useDefaultCompany();
  const [calculating, setCalculating] = useState<number | null>(null);
  const canAnticipate = company.data?.canAnticipate === true;

  // The next invoice names its program provider; the simulation needs the whole program (name, rates link).
  const calculate = async (credit: NextCredit) => {
    setCalculating(credit.id);
    try {
      const programs = await queryClient.fetchQuery(myProgramsQueryOptions());
      const program = programs.find((candidate) => candidate.providerId === credit.providerId);
      if (program) {
        navigate(paths.anticipationSimulation, {
          state: { program, creditIds: [credit.id] } satisfies SimulationState,
        });
      }
    } catch {
      // already shown by the error display
    } finally {
      setCalculating(null);
    }
  };

  return (
    <Stack gap="lg">
      <title>{`${t('header.dashboard')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('dashboard.greeting', { name: account.data?.firstName ?? '' })}
      </Title>
      {appConfig.flavor === 'buyer' && (
        <Alert color="brand" variant="light" role="note">
          {t('flavor.buyer.dashboard-note')}
        </Alert>
      )}
      {company.data && !canAnticipate && (
        <CannotAnticipate name={company.data.name} identification={company.data.identification} />
      )}
      {canAnticipate && (
        <SectionCard
          id="dashboard-programs"
          title={t('dashboard.programs.title')}
          action={
            <Anchor component={Link} to={paths.programSelection} fw={600} size="sm">
              {t('dashboard.programs.see-all')}
            </Anchor>
          }
        >
          <ProgramsPanel limit={dashboardProgramLimit} company={company.data} linkOf={invoicesLink} />
        </SectionCard>
      )}
      <Grid gap="lg">
        {canAnticipate && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SectionCard id="dashboard-next" title={t('dashboard.next.title')}>
              <NextInvoices
                labelledBy="dashboard-next"
                busyId={calculating}
                onCalculate={(credit) => void calculate(credit)}
              />
            </SectionCard>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: canAnticipate ? 5 : 12 }}>
          <SectionCard id="dashboard-portfolio" title={t('dashboard.portfolio.title')}>
            <PortfolioSection caption={t('dashboard.portfolio.caption')} />
          </SectionCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

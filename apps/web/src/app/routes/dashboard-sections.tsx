import { Anchor, Grid } from '@mantine/core';
import type { Company, NextCredit, Program } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { NextInvoices } from '../../features/dashboard/components/next-invoices';
import { PortfolioSection } from '../../features/dashboard/components/portfolio-section';
import { SectionCard } from '../../features/dashboard/components/section-card';
import { myProgramsQueryOptions } from '../../features/programs/api/list-my-programs';
import { ProgramsPanel } from '../../features/programs/components/programs-panel';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState, SimulationState } from './anticipation-state';

const invoicesLink = (program: Program) => ({
  to: paths.anticipationInvoices,
  state: { program } satisfies InvoicesState,
});

type Props = { company: Company | undefined; canAnticipate: boolean; programLimit: number };

/**
 * The dashboard's sections (app/routes/dashboard.tsx): up to 3 programs with a see-all
 * link and the next invoices (calculate opens the simulation of that invoice) when the company can anticipate;
 * the portfolio always.
 */
export function DashboardSections({ company, canAnticipate, programLimit }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [calculating, setCalculating] = useState<number | null>(null);

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
    <>
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
          <ProgramsPanel limit={programLimit} company={company} linkOf={invoicesLink} />
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
    </>
  );
}

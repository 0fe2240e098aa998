import { Button, Stack, Text, Title } from '@mantine/core';
import type { Estimate, Program } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { paths } from '../../config/paths';
import { defaultCompanyQueryOptions } from '../../features/companies/api/get-default-company';
import { ProgramRibbon } from '../../features/programs/components/program-ribbon';
import { useEstimate } from '../../features/simulation/api/use-estimate';
import { SimulationView } from '../../features/simulation/components/simulation-view';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState, SimulationState } from './anticipation-state';

/** `/anticipation/simulation`: without program and ids, back to /dashboard. */
export function Component() {
  const state = useLocation().state as SimulationState | null;
  if (!state?.program || !Array.isArray(state.creditIds)) return <Navigate to={paths.dashboard} replace />;
  return <SimulationPage program={state.program} creditIds={state.creditIds} />;
}

/**
 * What the way back hands to the invoice list (docs/product/screens-and-routes.md#simulation-page): the
 * selection that was simulated, for the supplier to change. "Every credit of the provider" ([]) goes back as
 * all selected. Chosen credits go back with the estimate's original values (the bar totals them before their
 * pages load); while the estimate is still asked for, or when it failed (a credit taken meanwhile answers
 * error.credit.notfound), there are no values to hand over and the list opens with nothing selected.
 */
function backState(program: Program, creditIds: readonly number[], estimate: Estimate | undefined) {
  const state: InvoicesState = { program };
  if (creditIds.length === 0) state.selection = { isAllSelected: true };
  else if (estimate) {
    state.selection = {
      isAllSelected: false,
      credits: estimate.creditEstimates.map(({ id, originalValue }) => ({ id, originalValue })),
    };
  }
  return state;
}

function SimulationPage({ program, creditIds }: { program: Program; creditIds: number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The view's own query (same key: one request); the way back reads its credits.
  const estimate = useEstimate(program.providerId, creditIds);
  // Asked again on every simulation: a bank account registered meanwhile (in the tab the notice opens) counts
  // at once. The layout has the company already, so the page does not wait for this answer.
  const company = useQuery({ ...defaultCompanyQueryOptions(), refetchOnMount: 'always' });
  return (
    <Stack gap="lg">
      <title>{`${t('simulation.title')} · ${program.name} · ${t('app.name')}`}</title>
      <ProgramRibbon
        program={program}
        back={{ to: paths.anticipationInvoices, state: backState(program, creditIds, estimate.data) }}
      />
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('simulation.title')}
        </Title>
        <Text c="dimmed">
          {creditIds.length === 0
            ? t('simulation.subtitle-all', { program: program.name })
            : t('simulation.subtitle', { count: creditIds.length, program: program.name })}
        </Text>
      </Stack>
      {company.data ? (
        <SimulationView
          // A new selection is a new simulation: nothing of the previous one (panel, batch) carries over.
          key={creditIds.join(',')}
          program={program}
          company={company.data}
          creditIds={creditIds}
          onDone={() => navigate(paths.dashboard, { replace: true })}
          noCreditsAction={
            <Button component={Link} to={paths.programSelection} variant="light">
              {t('global.choose-program')}
            </Button>
          }
        />
      ) : (
        <PageSpinner label={t('simulation.loading')} />
      )}
    </Stack>
  );
}

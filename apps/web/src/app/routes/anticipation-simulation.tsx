import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ProgramRibbon } from '../../features/programs/components/program-ribbon';
import { SimulationView } from '../../features/simulation/components/simulation-view';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState, SimulationState } from './anticipation-state';

/** `/anticipation/simulation`: without program and ids, back to /dashboard. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as SimulationState | null;
  if (!state?.program || !Array.isArray(state.creditIds)) return <Navigate to={paths.dashboard} replace />;
  const { program, creditIds } = state;
  return (
    <Stack gap="lg">
      <title>{`${t('simulation.title')} · ${program.name} · ${t('app.name')}`}</title>
      <ProgramRibbon
        program={program}
        back={{ to: paths.anticipationInvoices, state: { program } satisfies InvoicesState }}
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
      <SimulationView
        // A new selection is a new simulation: nothing of the previous one (panel, batch) carries over.
        key={creditIds.join(',')}
        program={program}
        creditIds={creditIds}
        onDone={() => navigate(paths.dashboard, { replace: true })}
        noCreditsAction={
          <Button component={Link} to={paths.programSelection} variant="light">
            {t('global.choose-program')}
          </Button>
        }
      />
    </Stack>
  );
}

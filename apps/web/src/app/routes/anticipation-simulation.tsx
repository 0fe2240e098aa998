import { Title } from '@mantine/core';
import type { Program } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** Navigation state of the simulation: the program and the selected credit ids (PORTAL_SPEC 2). */
export type SimulationState = { program?: Program; creditIds?: number[] };

/** `/anticipation/simulation`: without program and ids, back to /dashboard; content in "[4 of 7]". */
export function Component() {
  const { t } = useTranslation();
  const state = useLocation().state as SimulationState | null;
  if (!state?.program || !state.creditIds) return <Navigate to={paths.dashboard} replace />;
  return (
    <>
      <title>{`${t('simulation.title')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('simulation.title')}
      </Title>
    </>
  );
}

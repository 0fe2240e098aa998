import { Title } from '@mantine/core';
import type { Program } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** Navigation state of the invoices page: the chosen program (PORTAL_SPEC 2). */
export type InvoicesState = { program?: Program };

/** `/anticipation/invoices`: without a program in navigation state, back to /dashboard; list in "[4 of 7]". */
export function Component() {
  const { t } = useTranslation();
  const program = (useLocation().state as InvoicesState | null)?.program;
  if (!program) return <Navigate to={paths.dashboard} replace />;
  return (
    <>
      <title>{`${t('invoices.title')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('invoices.title')}
      </Title>
    </>
  );
}

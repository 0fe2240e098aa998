import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CreditSortKey, Program } from '@portal/contract';
import { usePrefetchInfiniteQuery } from '@tanstack/react-query';
import { lazy, useDeferredValue, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { creditsInfiniteQueryOptions } from '../../features/invoices/api/list-credits';
import { unavailableCreditsQueryOptions } from '../../features/invoices/api/list-unavailable-credits';
import { nextSort, parseSortParam, toSortParam } from '../../features/invoices/sort';
import { useExportInvoices } from '../../features/invoices/use-export-invoices';
import { useActiveNotifications } from '../../features/notifications/api/list-active-notifications';
import { useProviderConfiguration } from '../../features/programs/api/get-provider-configuration';
import { useMyPrograms } from '../../features/programs/api/list-my-programs';
import { ProgramRibbon } from '../../features/programs/components/program-ribbon';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useMountAfterFirstOpen } from '../../lib/use-mount-after-first-open';
import { InvoicesListPart } from './anticipation-invoices-list';
import type { InvoicesState, SimulationState } from './anticipation-state';

// The planner and the automatic rules load the first time their drawer opens (or the pointer or the focus reaches its button).
const loadAutomation = () => import('../../features/automation/components/automation-drawer');
const AutomationDrawer = lazy(() =>
  loadAutomation().then((module) => ({ default: module.AutomationDrawer })),
);

/** `/anticipation/invoices`: without a program in navigation state, back to /dashboard. */
export function Component() {
  const chosen = (useLocation().state as InvoicesState | null)?.program;
  if (!chosen) return <Navigate to={paths.dashboard} replace />;
  return <InvoicesPage chosen={chosen} />;
}

function historyLink(program: Program) {
  const search = new URLSearchParams({
    providerId: String(program.providerId),
    programId: String(program.id),
  });
  return { to: `${paths.anticipationHistory}?${search}`, state: { program } satisfies InvoicesState };
}

/**
 * The program's name and buyer come from navigation state and show at once. Under them, the organization's
 * notices, the participation's message and the list appear together once the notices' and the message's calls
 * have answered (or failed): a notice cannot then push down a list already on screen. The list's first page,
 * and the first of the invoices that cannot be advanced, are asked for beside those calls
 * (usePrefetchInfiniteQuery), not once they have answered.
 */
function InvoicesPage({ chosen }: { chosen: Program }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useDefaultCompany();
  // The list of programs is fresher than the navigation state (available value, status after a change).
  const program = useMyPrograms().data?.find((candidate) => candidate.id === chosen.id) ?? chosen;
  const sort = parseSortParam(searchParams.get('sort'));
  const notifications = useActiveNotifications(program.id);
  const configuration = useProviderConfiguration(program.id);
  usePrefetchInfiniteQuery(creditsInfiniteQueryOptions(program.providerId, toSortParam(sort)));
  usePrefetchInfiniteQuery(unavailableCreditsQueryOptions(program.providerId));
  const isWaiting = notifications.isPending || configuration.isPending;
  // The list renders in a transition, in slices, rather than in one long task.
  const showsList = useDeferredValue(!isWaiting);
  const csv = useExportInvoices(program.providerId, t('invoices.csv.file', { program: program.name }));
  const navigate = useNavigate();
  // The selection the simulation's way back hands over is taken once, on arrival; the history entry then keeps
  // the program alone, so a reload of the page (or a later return to this entry) opens with none, as after a
  // new sort (docs/product/screens-and-routes.md#invoice-selection).
  const handedSelection = (location.state as InvoicesState | null)?.selection;
  const [initialSelection] = useState(handedSelection);
  const hasHandedSelection = handedSelection !== undefined;
  useEffect(() => {
    if (!hasHandedSelection) return;
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { program: chosen } satisfies InvoicesState },
    );
  }, [hasHandedSelection, navigate, location.pathname, location.search, chosen]);
  const [isAutomationOpen, setAutomationOpen] = useState(false);
  const mountsAutomation = useMountAfterFirstOpen(isAutomationOpen);

  // The sort lives in the URL; the program stays in navigation state.
  const onSort = (key: CreditSortKey) => {
    const next = toSortParam(nextSort(sort, key));
    setSearchParams(next ? { sort: next } : {}, { replace: true, state: location.state });
  };

  return (
    <Stack gap="md">
      <title>{`${t('invoices.title')} · ${program.name} · ${t('app.name')}`}</title>
      <ProgramRibbon program={program} back={{ to: paths.programSelection }} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" id="invoices-title">
            {program.name}
          </Title>
          <Text c="dimmed">{t('invoices.subtitle', { buyer: program.buyerName })}</Text>
        </Stack>
        <Group gap="sm">
          <Anchor component={Link} {...historyLink(program)} fw={600}>
            {t('invoices.history-link')}
          </Anchor>
          <Button variant="default" size="sm" onClick={() => void csv.exportCsv()} loading={csv.isExporting}>
            {t('invoices.csv.export')}
          </Button>
          <Button
            variant="light"
            size="sm"
            aria-haspopup="dialog"
            onPointerEnter={() => void loadAutomation()}
            onFocus={() => void loadAutomation()}
            onClick={() => setAutomationOpen(true)}
          >
            {t('automation.open')}
          </Button>
        </Group>
      </Group>
      {mountsAutomation && (
        <AutomationDrawer
          program={program}
          opened={isAutomationOpen}
          onClose={() => setAutomationOpen(false)}
          onPlanned={(creditIds) =>
            navigate(paths.anticipationSimulation, {
              state: { program, creditIds } satisfies SimulationState,
            })
          }
        />
      )}
      {appConfig.flavor === 'buyer' && (
        <Alert color="brand" variant="light" role="note">
          {t('flavor.buyer.service-invoice')}
        </Alert>
      )}
      {showsList ? (
        <InvoicesListPart
          program={program}
          hasStatusNotice={
            program.providerStatus !== 'ACTIVATED' || Boolean(configuration.data?.providerCanNotAnticipate)
          }
          companyName={company.data?.name ?? ''}
          sort={sort}
          onSort={onSort}
          history={historyLink(program)}
          initialSelection={initialSelection}
        />
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}

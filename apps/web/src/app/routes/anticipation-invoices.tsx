import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Credit, CreditSortKey, Program } from '@portal/contract';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
import { nextSort, parseSortParam, toSortParam } from '../../features/invoices/sort';
import { useExportInvoices } from '../../features/invoices/use-export-invoices';
import { useMarkInvoiceUploaded } from '../../features/invoices/use-mark-invoice-uploaded';
import { ProgramNotifications } from '../../features/notifications/components/program-notifications';
import { useMyPrograms } from '../../features/programs/api/list-my-programs';
import { ProgramRibbon } from '../../features/programs/components/program-ribbon';
import { ProviderStatusNotice } from '../../features/programs/components/provider-status-notice';
import { UploadInvoiceButton } from '../../features/uploads/components/upload-invoice-button';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SimulationState } from './anticipation-simulation';

/** Navigation state of the invoices page: the chosen program (PORTAL_SPEC 2). */
export type InvoicesState = { program?: Program };

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

function InvoicesPage({ chosen }: { chosen: Program }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useDefaultCompany();
  // The list of programs is fresher than the navigation state (available value, status after a change).
  const program = useMyPrograms().data?.find((candidate) => candidate.id === chosen.id) ?? chosen;
  const isActive = program.providerStatus === 'ACTIVATED';
  const sort = parseSortParam(searchParams.get('sort'));
  const markUploaded = useMarkInvoiceUploaded(program.providerId);
  const csv = useExportInvoices(program.providerId, t('invoices.csv.file', { program: program.name }));

  // The sort lives in the URL; the program stays in navigation state.
  const onSort = (key: CreditSortKey) => {
    const next = toSortParam(nextSort(sort, key));
    setSearchParams(next ? { sort: next } : {}, { replace: true, state: location.state });
  };
  const renderAction = (credit: Credit) => {
    if (credit.requiresInvoice) {
      return (
        <UploadInvoiceButton creditId={credit.id} invoiceNumber={credit.nfNumber} onUploaded={markUploaded} />
      );
    }
    if (credit.kind === 'SERVICE' && credit.invoiceUploaded) {
      return (
        <Badge variant="light" color="gray" tt="none" c="dark.6">
          {t('upload.done')}
        </Badge>
      );
    }
    return null;
  };

  return (
    <Stack gap="md">
      <title>{`${t('invoices.title')} · ${program.name} · ${t('app.name')}`}</title>
      <ProgramRibbon program={program} back={{ to: paths.programSelection }} />
      <ProgramNotifications programId={program.id} />
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
        </Group>
      </Group>
      <ProviderStatusNotice program={program} />
      {appConfig.flavor === 'buyer' && (
        <Alert color="brand" variant="light" role="note">
          {t('flavor.buyer.service-invoice')}
        </Alert>
      )}
      <InvoiceList
        providerId={program.providerId}
        isActive={isActive}
        sort={sort}
        onSort={onSort}
        labelledBy="invoices-title"
        emptyMessage={t('invoices.empty', { company: company.data?.name ?? '', program: program.name })}
        emptyAction={
          <Button component={Link} to={paths.programSelection} variant="light">
            {t('global.choose-program')}
          </Button>
        }
        renderAction={renderAction}
        history={historyLink(program)}
        onSimulate={(creditIds) =>
          navigate(paths.anticipationSimulation, { state: { program, creditIds } satisfies SimulationState })
        }
      />
    </Stack>
  );
}

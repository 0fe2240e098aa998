import { Badge, Button, Stack } from '@mantine/core';
import type { Credit, CreditSortKey, Program } from '@portal/contract';
import { Activity, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { InvoiceKey } from '../../components/invoice/invoice-key';
import { paths } from '../../config/paths';
import { useUnavailableCredits } from '../../features/invoices/api/list-unavailable-credits';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
import { type InvoiceListView, ListViewControl } from '../../features/invoices/components/list-view-control';
import { UnavailableList } from '../../features/invoices/components/unavailable-list';
import type { InitialSelection } from '../../features/invoices/selection';
import type { SortState } from '../../features/invoices/sort';
import { useMarkInvoiceUploaded } from '../../features/invoices/use-mark-invoice-uploaded';
import { ProgramNotifications } from '../../features/notifications/components/program-notifications';
import { UploadInvoiceButton } from '../../features/uploads/components/upload-invoice-button';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { SimulationState } from './anticipation-state';

// The notice of a participation that may not anticipate (with its sanitised server HTML) loads only for one.
const ProviderStatusNotice = lazy(() =>
  import('../../features/programs/components/provider-status-notice').then((module) => ({
    default: module.ProviderStatusNotice,
  })),
);

type Props = {
  program: Program;
  hasStatusNotice: boolean;
  companyName: string;
  sort: SortState;
  onSort: (key: CreditSortKey) => void;
  history: { to: string; state?: unknown };
  /** The selection handed back by the simulation, if any. */
  initialSelection?: InitialSelection;
};

/**
 * What stands under the invoices page's heading, in a chunk of its own (app/routes/anticipation-invoices.tsx):
 * the organization's notices, the participation's message, the list with its upload actions and the simulate
 * bar; and, when some invoices cannot be advanced, a control that shows those instead, with the reason.
 */
export function InvoicesListPart({
  program,
  hasStatusNotice,
  companyName,
  sort,
  onSort,
  history,
  initialSelection,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markUploaded = useMarkInvoiceUploaded(program.providerId);
  const [chosenView, setView] = useState<InvoiceListView>('available');
  const unavailable = useUnavailableCredits(program.providerId);
  // Only when there is something to show (or its error, so that it can be tried again).
  const hasUnavailable = Boolean(unavailable.data?.pages[0]?.content.length) || unavailable.isError;
  const view = hasUnavailable ? chosenView : 'available';
  const renderAction = (credit: Credit) => {
    if (credit.requiresInvoice) {
      return (
        <UploadInvoiceButton creditId={credit.id} invoiceNumber={credit.nfNumber} onUploaded={markUploaded} />
      );
    }
    const key = credit.invoiceKey && <InvoiceKey value={credit.invoiceKey} />;
    if (credit.kind === 'SERVICE' && credit.invoiceUploaded) {
      return (
        <Stack gap={4} align="flex-start">
          <Badge variant="light" color="gray" tt="none" c="dark.6">
            {t('upload.done')}
          </Badge>
          {key}
        </Stack>
      );
    }
    return key || null;
  };
  return (
    // One boundary: the lazy notice, when there is one, arrives with the list rather than above it later.
    <Suspense fallback={<PageSpinner />}>
      <ProgramNotifications programId={program.id} />
      {hasStatusNotice && <ProviderStatusNotice program={program} />}
      {hasUnavailable && <ListViewControl value={view} onChange={setView} />}
      {view === 'unavailable' && <UnavailableList providerId={program.providerId} />}
      {/* Hidden, not unmounted, while the other list shows: the selection and the loaded pages stay. */}
      <Activity mode={view === 'available' ? 'visible' : 'hidden'}>
        <InvoiceList
          providerId={program.providerId}
          isActive={program.providerStatus === 'ACTIVATED'}
          sort={sort}
          onSort={onSort}
          labelledBy="invoices-title"
          emptyMessage={t('invoices.empty', { company: companyName, program: program.name })}
          emptyAction={
            <Button component={Link} to={paths.programSelection} variant="light">
              {t('global.choose-program')}
            </Button>
          }
          renderAction={renderAction}
          history={history}
          initialSelection={initialSelection}
          onSimulate={(creditIds) =>
            navigate(paths.anticipationSimulation, {
              state: { program, creditIds } satisfies SimulationState,
            })
          }
        />
      </Activity>
    </Suspense>
  );
}

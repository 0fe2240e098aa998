import { Badge, Button } from '@mantine/core';
import type { Credit, CreditSortKey, Program } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { paths } from '../../config/paths';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
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
 * bar.
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
    // One boundary: the lazy notice, when there is one, arrives with the list rather than above it later.
    <Suspense fallback={<PageSpinner />}>
      <ProgramNotifications programId={program.id} />
      {hasStatusNotice && <ProviderStatusNotice program={program} />}
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
          navigate(paths.anticipationSimulation, { state: { program, creditIds } satisfies SimulationState })
        }
      />
    </Suspense>
  );
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Program } from '@portal/contract';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { HistoryView } from '../../features/history/components/history-view';
import { useExportHistory } from '../../features/history/use-export-history';
import { useMyPrograms } from '../../features/programs/api/list-my-programs';
import { ProgramRibbon } from '../../features/programs/components/program-ribbon';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { InvoicesState } from './anticipation-state';

const positiveId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * `/anticipation/history?providerId&programId[&page]`: the company's requests in a program. The ids are in
 * the URL (the history link's parameters, docs/product/screens-and-routes.md#history-page), so the page can
 * be bookmarked and reloaded.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const providerId = positiveId(searchParams.get('providerId'));
  const programId = positiveId(searchParams.get('programId'));
  if (providerId === null || programId === null) return <Navigate to={paths.dashboard} replace />;
  return <HistoryPage providerId={providerId} programId={programId} />;
}

function HistoryPage({ providerId, programId }: { providerId: number; programId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromState = (location.state as InvoicesState | null)?.program;
  const programs = useMyPrograms();
  const program: Program | undefined =
    programs.data?.find((candidate) => candidate.id === programId && candidate.providerId === providerId) ??
    (fromState?.id === programId ? fromState : undefined);
  const page = Math.max(0, (positiveId(searchParams.get('page')) ?? 1) - 1);
  const name = program?.name ?? '';
  const csv = useExportHistory(providerId, t('history.csv.file', { program: name }));
  const onPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(next + 1));
    setSearchParams(params, { state: location.state });
  };
  return (
    <Stack gap="md">
      <title>{`${t('history.title')} · ${name} · ${t('app.name')}`}</title>
      {program && (
        <ProgramRibbon
          program={program}
          back={{ to: paths.anticipationInvoices, state: { program } satisfies InvoicesState }}
        />
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" id="history-title">
            {t('history.title')}
          </Title>
          {program && <Text c="dimmed">{program.name}</Text>}
        </Stack>
        <Button variant="default" size="sm" onClick={() => void csv.exportCsv()} loading={csv.isExporting}>
          {t('history.csv.export')}
        </Button>
      </Group>
      <HistoryView
        providerId={providerId}
        page={page}
        onPage={onPage}
        labelledBy="history-title"
        emptyMessage={t('history.empty', { program: name })}
      />
    </Stack>
  );
}

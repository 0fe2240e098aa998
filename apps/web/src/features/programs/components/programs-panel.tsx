import { Text } from '@mantine/core';
import type { Program } from '@portal/contract';
import { useDeferredValue } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMyPrograms } from '../api/list-my-programs';
import { ProgramGrid } from './program-grid';

type Props = {
  /** Dashboard: 3; program selection: all (undefined). */
  limit?: number;
  company: { name: string; identification: string } | undefined;
  linkOf: (program: Program) => { to: string; state: unknown };
};

/** The programs of the company: a spinner, an error with try-again, the cards, or the empty message. */
export function ProgramsPanel({ limit, company, linkOf }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const programs = useMyPrograms(limit);
  // The cards mount in a deferred render once the programs answer (an answer is a blocking update: TanStack
  // Query's useSyncExternalStore), which React slices and interrupts for input; the spinner stays meanwhile.
  const list = useDeferredValue(programs.data);
  if (programs.isPending) return <PageSpinner />;
  if (programs.isError) {
    return (
      <ErrorState
        message={t('global.program-selection.error-message')}
        actionLabel={t('global.try-again')}
        onAction={() => void programs.refetch()}
      />
    );
  }
  if (!list) return <PageSpinner />;
  if (list.length === 0) {
    return (
      <Text role="status" c="dimmed" py="md">
        {t('programs.empty', {
          company: company?.name ?? '',
          identification: company ? format.identification(company.identification) : '',
        })}
      </Text>
    );
  }
  return <ProgramGrid programs={list} linkOf={linkOf} />;
}

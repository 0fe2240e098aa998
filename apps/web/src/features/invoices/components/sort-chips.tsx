import { Button, Group, ScrollArea } from '@mantine/core';
import type { CreditSortKey } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { invoiceColumns } from '../invoice-columns';
import { ariaSortOf, type SortState } from '../sort';

const arrows = { ascending: '▲', descending: '▼', none: '' } as const;

/** The phone's column headers: one button per sortable column, cycling ascending, descending, none. */
export function SortChips({ sort, onSort }: { sort: SortState; onSort: (key: CreditSortKey) => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars="x"
      pos="relative"
      aria-label={t('invoices.sort.label')}
      role="group"
    >
      <Group gap="xs" wrap="nowrap" pb={4}>
        {invoiceColumns.map(({ id, sortKey, labelKey }) => {
          if (!sortKey) return null;
          const state = ariaSortOf(sort, sortKey);
          return (
            <Button
              key={id}
              size="compact-sm"
              variant={state === 'none' ? 'default' : 'light'}
              onClick={() => onSort(sortKey)}
              aria-pressed={state !== 'none'}
              style={{ flex: 'none' }}
            >
              {t(labelKey)} <span aria-hidden>{arrows[state]}</span>
              {state !== 'none' && <span className="visually-hidden">{t(`invoices.sort.${state}`)}</span>}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}

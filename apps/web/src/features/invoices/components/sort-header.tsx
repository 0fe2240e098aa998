import { Table, UnstyledButton } from '@mantine/core';
import type { CreditSortKey } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ariaSortOf, type SortState } from '../sort';
import classes from './invoice-list.module.css';

type Props = {
  label: string;
  sortKey?: CreditSortKey;
  sort: SortState;
  onSort: (key: CreditSortKey) => void;
  isNumeric?: boolean;
  width?: number;
};

const arrows = { ascending: '▲', descending: '▼', none: '' } as const;

/** A column header; a sortable one is a button that cycles ascending, descending, none. */
export function SortHeader({ label, sortKey, sort, onSort, isNumeric, width }: Props) {
  const { t } = useTranslation();
  const ariaSort = sortKey ? ariaSortOf(sort, sortKey) : undefined;
  return (
    <Table.Th scope="col" w={width} ta={isNumeric ? 'right' : undefined} aria-sort={ariaSort} title={label}>
      {sortKey && ariaSort ? (
        <UnstyledButton className={classes.sortButton} onClick={() => onSort(sortKey)}>
          <span>{label}</span>
          <span aria-hidden>{arrows[ariaSort]}</span>
          <span className="visually-hidden">{t(`invoices.sort.${ariaSort}`)}</span>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

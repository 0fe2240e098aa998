import { Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useVirtualList } from '../use-virtual-list';
import { InvoiceCard } from './invoice-card';
import type { InvoiceListProps } from './list-props';
import { SortChips } from './sort-chips';

/** Estimated card height; each card is measured once rendered. */
const cardHeight = 236;
const cardGap = 8;

/** The invoice list on a phone: virtualized cards (only those near the screen are in the DOM). */
export function InvoiceCards(props: InvoiceListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const { credits, isSelected, isSelectable, onToggle, renderAction } = props;
  const list = useVirtualList(listRef, {
    count: credits.length,
    estimateSize: cardHeight + cardGap,
    overscan: 2,
    ...props,
  });
  return (
    <Stack gap="sm">
      <SortChips sort={props.sort} onSort={props.onSort} />
      <ul
        ref={listRef}
        aria-labelledby={props.labelledBy}
        style={{
          position: 'relative',
          height: list.virtualizer.getTotalSize(),
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {list.items.map((item) => {
          const credit = credits[item.index];
          if (!credit) return null;
          return (
            <li
              key={credit.id}
              data-index={item.index}
              ref={list.virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                paddingBottom: cardGap,
                transform: `translateY(${item.start - list.scrollMargin}px)`,
              }}
            >
              <InvoiceCard
                credit={credit}
                isSelected={isSelected(credit)}
                isSelectable={isSelectable(credit)}
                onToggle={onToggle}
                action={renderAction(credit)}
              />
            </li>
          );
        })}
      </ul>
      {props.isFetchingNextPage && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {t('invoices.loading-more')}
        </Text>
      )}
    </Stack>
  );
}

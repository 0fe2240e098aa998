import { Button, CloseButton, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { InboxItem } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { unreadOf, useInbox } from '../api/list-inbox';
import { useMarkInboxItemRead, useMarkInboxRead } from '../api/mark-inbox-read';
import classes from './inbox.module.css';

type Props = {
  titleId: string;
  enabled: boolean;
  batchPath: (batchId: number) => string;
  onClose: () => void;
};

/**
 * The inbox, newest first: title, message and time of each item, unread ones marked (a dot, bold, and said);
 * mark all as read; more on demand. Opening an item marks it read and, when it is about a request, goes to
 * the request.
 */
export function InboxPanel({ titleId, enabled, batchPath, onClose }: Props) {
  const { t } = useTranslation();
  const inbox = useInbox(enabled);
  const markOne = useMarkInboxItemRead();
  const markAll = useMarkInboxRead();
  const unread = unreadOf(inbox.data) ?? 0;
  const items = inbox.data?.pages.flatMap((page) => page.content) ?? [];
  const open = (item: InboxItem) => {
    if (item.readAt === null) markOne.mutate(item.id);
    if (item.batchId !== null) onClose();
  };
  let body: ReactNode;
  if (inbox.isPending) {
    body = (
      <Group justify="center" gap="sm" p="lg" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('global.loading')}</Text>
      </Group>
    );
  } else if (inbox.isError) {
    body = (
      <Stack align="center" gap="sm" p="lg" ta="center">
        <Text size="sm" role="alert">
          {t('inbox.error')}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void inbox.refetch()}>
          {t('global.try-again')}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      <Text size="sm" p="lg" ta="center" role="status">
        {t('inbox.empty')}
      </Text>
    );
  } else {
    body = (
      <ul className={classes.list} aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.id}>
            <InboxEntry
              item={item}
              href={item.batchId === null ? null : batchPath(item.batchId)}
              onOpen={() => open(item)}
            />
          </li>
        ))}
        {inbox.hasNextPage && (
          <li>
            <Button
              variant="subtle"
              fullWidth
              radius={0}
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            >
              {t('inbox.load-more')}
            </Button>
          </li>
        )}
      </ul>
    );
  }
  return (
    <Stack gap={0}>
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Title order={2} size="h5" id={titleId}>
          {t('inbox.title')}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('inbox.mark-all')}
          </Button>
          <CloseButton onClick={onClose} aria-label={t('global.close')} />
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

/** One item: a link to its request, a button that marks it read, or (read, about no request) plain text. */
function InboxEntry({ item, href, onOpen }: { item: InboxItem; href: string | null; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isUnread = item.readAt === null;
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="span">
      <span className={classes.dot} data-unread={isUnread || undefined} />
      <Stack gap={2} component="span" style={{ flex: 1, minWidth: 0 }}>
        <Text component="span" size="sm" fw={isUnread ? 700 : 500} display="block">
          {isUnread && <span className="visually-hidden">{`${t('inbox.unread')}: `}</span>}
          {item.title}
        </Text>
        <Text component="span" size="sm" display="block">
          {item.message}
        </Text>
        <Text component="time" size="xs" c="dimmed" display="block" dateTime={item.createdAt}>
          {format.dateTime(item.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
  const shared = { className: classes.entry, 'data-unread': isUnread || undefined };
  if (href !== null) {
    return (
      <Link to={href} onClick={onOpen} {...shared}>
        {content}
      </Link>
    );
  }
  if (isUnread) {
    return (
      <UnstyledButton onClick={onOpen} {...shared}>
        {content}
      </UnstyledButton>
    );
  }
  return <div {...shared}>{content}</div>;
}

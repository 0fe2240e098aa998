import { ActionIcon } from '@mantine/core';
import { lazy, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMountAfterFirstOpen } from '../../../lib/use-mount-after-first-open';
import { unreadOf, useInbox } from '../api/list-inbox';
import { bellLabel, unreadBadge } from '../unread-label';
import { useRefreshInboxAfterChanges } from '../use-refresh-inbox-after-changes';
import { BellIcon } from './bell-icon';
import classes from './inbox.module.css';

// The panel (Mantine's popover, its positioning and the list) loads the first time the bell is pressed: only
// the bell and its count are needed when a page is first drawn.
const InboxPopover = lazy(() =>
  import('./inbox-popover').then((module) => ({ default: module.InboxPopover })),
);

type Props = {
  /** The company is known: the inbox can be read (the server refuses it to a user without one). */
  enabled: boolean;
  /** The header's data failed: the bell cannot open. */
  disabled?: boolean;
  /** Where an item about a request goes. */
  batchPath: (batchId: number) => string;
};

/**
 * The bell of the provider header: the unread count as a badge (none at 0) and in its name; pressing it opens
 * the notification centre (docs/product/screens-and-routes.md#inbox). The count is read again when the window
 * regains focus and after any change the user makes.
 */
export function InboxBell({ enabled, disabled = false, batchPath }: Props) {
  const { t } = useTranslation();
  const inbox = useInbox(enabled);
  useRefreshInboxAfterChanges(enabled);
  const unread = unreadOf(inbox.data);
  const badge = unreadBadge(unread);
  const [isOpen, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const mountsPopover = useMountAfterFirstOpen(isOpen);
  const close = () => {
    setOpen(false);
    // The bell the panel was opened from (the first opening swaps the bell for the popover's own target, which
    // Mantine's focus return does not know yet).
    bell.current?.focus();
  };
  const button = (
    <ActionIcon
      ref={bell}
      variant="subtle"
      color="gray"
      size="xl"
      className={classes.bell}
      aria-label={bellLabel(t, unread)}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      disabled={disabled}
      onClick={() => setOpen((open) => !open)}
      data-testid="inbox-bell"
    >
      <BellIcon />
      {badge !== null && <span className={classes.count}>{badge}</span>}
    </ActionIcon>
  );
  if (!mountsPopover) return button;
  return (
    <InboxPopover opened={isOpen} onClose={close} enabled={enabled} batchPath={batchPath}>
      {button}
    </InboxPopover>
  );
}

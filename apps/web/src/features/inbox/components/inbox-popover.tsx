import { Popover } from '@mantine/core';
import { type ReactElement, useId } from 'react';
import { InboxPanel } from './inbox-panel';

type Props = {
  opened: boolean;
  onClose: () => void;
  enabled: boolean;
  batchPath: (batchId: number) => string;
  /** The bell. */
  children: ReactElement;
};

/**
 * The notification centre in a popover under the bell: 24rem wide on a laptop, the screen's width less a
 * margin on a phone (375 px fits). Focus stays inside while it is open; Escape, a click outside or the close
 * button close it and focus returns to the bell.
 */
export function InboxPopover({ opened, onClose, enabled, batchPath, children }: Props) {
  const titleId = useId();
  return (
    <Popover
      opened={opened}
      onChange={(next) => {
        if (!next) onClose();
      }}
      position="bottom-end"
      offset={4}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus={false}
      // The header scrolls with the page and the panel with it: nothing to hide it from while the focus is in it.
      hideDetached={false}
      zIndex={200}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} p={0} style={{ width: 'min(24rem, calc(100vw - 1rem))' }}>
        <InboxPanel titleId={titleId} enabled={enabled} batchPath={batchPath} onClose={onClose} />
      </Popover.Dropdown>
    </Popover>
  );
}

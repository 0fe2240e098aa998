import { Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props = { opened: boolean; onClose: () => void; nav: ReactNode; profile: ReactNode };

/** The phone's menu: the provider's links and the profile, in a drawer from the right. */
export function MenuDrawer({ opened, onClose, nav, profile }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="85%"
      title={t('header.nav')}
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <Stack gap="md">
        {nav}
        <Divider />
        {profile}
      </Stack>
    </Drawer>
  );
}

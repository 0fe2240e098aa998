import { Alert, Text, Transition } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useInviteMotion } from '../use-invite-motion';

type Props = { title: string; children: ReactNode; isDismissed: boolean; onDismiss: () => void };

/**
 * An informative card that can be closed; it fades out in 750 ms and stays hidden
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function InfoCard({ title, children, isDismissed, onDismiss }: Props) {
  const { t } = useTranslation();
  const motion = useInviteMotion();
  return (
    <Transition
      mounted={!isDismissed}
      transition="fade"
      duration={motion.cardFade}
      exitDuration={motion.cardFade}
    >
      {(style) => (
        <Alert
          style={style}
          variant="light"
          color="brand"
          title={title}
          withCloseButton
          onClose={onDismiss}
          closeButtonLabel={t('invite.card.close')}
          role="note"
          styles={{ title: { color: 'var(--mantine-color-brand-9)' } }}
        >
          <Text size="sm" c="dark.7">
            {children}
          </Text>
        </Alert>
      )}
    </Transition>
  );
}

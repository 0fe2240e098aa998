import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ErrorActionKind } from '../../lib/errors/app-error';
import { dismissMessage, useCurrentBlocking } from '../../lib/errors/error-display-store';
import { asMessageKey } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props = {
  supportPhone: string;
  /** Carries out an action (log out, navigate…); the modal closes first. */
  onAction: (kind: ErrorActionKind) => void;
};

/**
 * The blocking display mode: a full-screen modal with an optional action
 * (docs/product/errors.md#display-modes). With an action it cannot be dismissed otherwise; without one (not
 * activated) a close button keeps the user from being stuck.
 */
export function BlockingErrorModal({ supportPhone, onAction }: Props) {
  const { t } = useTranslation();
  const shown = useCurrentBlocking();
  if (!shown) return null;
  const hasAction = shown.action !== null;
  const close = () => dismissMessage(shown.id);
  return (
    <Modal
      opened
      fullScreen
      onClose={close}
      withCloseButton={!hasAction}
      closeOnEscape={!hasAction}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('global.close') }}
      title={t('global.attention')}
      // The one modal whose title has an h2's size: a full screen, not a dialog over the page.
      styles={{
        title: { fontSize: 'var(--mantine-h2-font-size)', lineHeight: 'var(--mantine-h2-line-height)' },
      }}
      transitionProps={{ transition: 'fade', duration: 350 }}
    >
      <Stack align="center" justify="center" mih="60vh" ta="center" gap="lg" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" color="yellow.4" autoContrast aria-hidden>
          <Text fz={28} fw={600} lh={1}>
            !
          </Text>
        </ThemeIcon>
        <Text size="lg" role="alert">
          {t(asMessageKey(shown.messageKey))}
        </Text>
        {shown.showSupportPhone && supportPhone && (
          <Text fw={600}>{t('global.support-phone', { phone: supportPhone })}</Text>
        )}
        {shown.action && (
          <Button
            size="md"
            onClick={() => {
              close();
              if (shown.action) onAction(shown.action.kind);
            }}
          >
            {t(asMessageKey(shown.action.labelKey))}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}

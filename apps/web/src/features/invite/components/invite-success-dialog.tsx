import { Anchor, Button, CheckIcon, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = {
  opened: boolean;
  email: string;
  /**
   * A mobile-type device gets the open-app link first (docs/product/screens-and-routes.md#invitation-wizard).
   */
  isMobileDevice: boolean;
  openAppUrl: string;
  isStarting: boolean;
  onStartUse: () => void;
};

/**
 * The full-screen success of an accepted invite: start use (log in, then /invite-redirect) or, on a
 * mobile-type device, open the app; the browser stays possible there as a secondary action.
 */
export function InviteSuccessDialog({
  opened,
  email,
  isMobileDevice,
  openAppUrl,
  isStarting,
  onStartUse,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={() => {}}
      fullScreen
      closeOnEscape={false}
      closeOnClickOutside={false}
      transitionProps={{ transition: 'fade', duration: 350 }}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body>
          <Stack align="center" justify="center" mih="80vh" ta="center" gap="lg" maw={520} mx="auto">
            <ThemeIcon size={64} radius="xl" color="green.9" aria-hidden>
              <CheckIcon size={28} />
            </ThemeIcon>
            <Modal.Title fz="h2" fw={600}>
              {t('invite.success.title')}
            </Modal.Title>
            <Text size="lg">{t('invite.success.text', { email })}</Text>
            {isMobileDevice ? (
              <Stack gap="sm" w="100%">
                <Button component="a" href={openAppUrl} size="md" data-autofocus>
                  {t('invite.success.open-app')}
                </Button>
                <Anchor component="button" type="button" onClick={onStartUse} disabled={isStarting}>
                  {t('invite.success.browser')}
                </Anchor>
              </Stack>
            ) : (
              <Button size="md" onClick={onStartUse} loading={isStarting} data-autofocus>
                {t('invite.success.start')}
              </Button>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = { opened: boolean; isMobile: boolean; openAppUrl: string; onLogin: () => void };

/**
 * Success of a reset: a link that opens the app on a mobile-type device, else a button back to /
 * (docs/product/screens-and-routes.md#password-reset-screen).
 */
export function ResetSuccessModal({ opened, isMobile, openAppUrl, onLogin }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onLogin}
      centered
      title={t('reset.success.title')}
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <Stack gap="lg">
        <Text>{t('reset.success.text')}</Text>
        {isMobile ? (
          <Stack gap="sm">
            <Button component="a" href={openAppUrl} data-autofocus>
              {t('reset.success.open-app')}
            </Button>
            <Anchor component="button" type="button" onClick={onLogin} ta="center">
              {t('reset.success.login')}
            </Anchor>
          </Stack>
        ) : (
          <Button onClick={onLogin} data-autofocus>
            {t('reset.success.login')}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}

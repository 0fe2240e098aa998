import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

/**
 * An offer gone between the simulation and the choice or the request (error.offer.unavailable): said above the
 * fresh figures the screen asked for meanwhile. Focusable, so the focus of the closed panel lands on it.
 */
export function OfferChangedNotice({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      id={id}
      tabIndex={-1}
      color="yellow"
      variant="light"
      role="alert"
      title={t('error.offer.unavailable')}
      // Mantine's amber title is too light on white (WCAG AA); a dark amber reads at about 7:1.
      styles={{ title: { color: '#7a4d00' } }}
    >
      <Text size="sm" c="dark.9">
        {t('simulation.offers.changed')}
      </Text>
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** The dashboard of a company that may not anticipate: which company, and what to do. */
export function CannotAnticipate({ name, identification }: { name: string; identification: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('dashboard.cannot-anticipate.title')}
      role="status"
      // Mantine's amber title is too light on white (WCAG AA); a dark amber reads at about 7:1.
      styles={{ title: { color: '#7a4d00' } }}
    >
      {t('dashboard.cannot-anticipate.text', {
        company: name,
        identification: format.identification(identification),
      })}
    </Alert>
  );
}

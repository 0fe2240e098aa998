import { CheckIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** The check mark of a valid field (PORTAL_SPEC 5), as the shared form fields draw it. */
export function ValidMark() {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('global.valid-field')}
      style={{ display: 'inline-flex', color: 'var(--portal-money-received)' }}
    >
      <CheckIcon size={14} aria-hidden />
    </span>
  );
}

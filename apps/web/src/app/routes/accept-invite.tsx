import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `/accept-invite/:token`: placeholder heading; the invitation wizard is built in issue "[5 of 7]". */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('invite.title')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('invite.title')}
      </Title>
    </>
  );
}

import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `/program-selection`: heading only until issue "[4 of 7]" lists the programs. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('program-selection.title')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('program-selection.title')}
      </Title>
    </>
  );
}

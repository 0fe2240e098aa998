import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../features/session/api/get-account';

/** `/dashboard`: the greeting; programs, next invoices and the chart come with issue "[4 of 7]". */
export function Component() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <>
      <title>{`${t('header.dashboard')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('dashboard.greeting', { name: account.data?.firstName ?? '' })}
      </Title>
    </>
  );
}

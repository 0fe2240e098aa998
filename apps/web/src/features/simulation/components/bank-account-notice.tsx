import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props = { companyName: string; id: string };

/**
 * A company without a bank account cannot be paid, so its request would be refused (error.bankAccount.empty):
 * said above the figures, before the supplier gets to Confirm, with what to do and the company's bank-account
 * page in a new tab, as the profile opens it (docs/product/screens-and-routes.md#simulation-page).
 */
export function BankAccountNotice({ companyName, id }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      id={id}
      title={t('simulation.bank-account.title')}
      // Mantine's amber title is too light on white (WCAG AA); a dark amber reads at about 7:1.
      styles={{ title: { color: '#7a4d00' } }}
    >
      <Stack gap={4}>
        <Text size="sm" c="dark.9">
          {t('simulation.bank-account.text', { company: companyName })}
        </Text>
        <Anchor
          component={Link}
          to={paths.companyBankAccountManage}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
        >
          {t('simulation.bank-account.link')} <span className="visually-hidden">{t('global.new-tab')}</span>
        </Anchor>
      </Stack>
    </Alert>
  );
}

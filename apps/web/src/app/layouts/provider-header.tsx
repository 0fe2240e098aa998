import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Account, Company } from '@portal/contract';
import { Link } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n/use-translation';
import { CompanyBadge } from './company-badge';
import classes from './provider-header.module.css';
import { ProviderNav } from './provider-nav';

type Props = {
  account: Account | undefined;
  company: Company | undefined;
  hasCompanyFailed: boolean;
  onChangeCompany: () => void;
};

/** The provider header; on a phone (≤ 767 px) the company gets a row of its own, links and profile a drawer. */
export function ProviderHeader({ account, company, hasCompanyFailed, onChangeCompany }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const [isMenuOpen, menu] = useDisclosure(false);
  const navProps = {
    canAnticipate: company?.canAnticipate ?? false,
    isConsult: account?.authorities.includes('ROLE_PROVIDER_CONSULT') ?? false,
  };
  const changeCompany = () => {
    menu.close();
    onChangeCompany();
  };
  const profile = (
    <Button component={Link} to={paths.profile} variant="light" size="sm" onClick={menu.close}>
      {t('header.profile')}
    </Button>
  );
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="xs">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Anchor component={Link} to={paths.dashboard} underline="never">
            <BrandMark />
          </Anchor>
          {isPhone ? (
            <Burger opened={isMenuOpen} onClick={menu.toggle} aria-label={t('header.menu')} />
          ) : (
            <>
              <Box style={{ flex: 1 }}>
                <ProviderNav {...navProps} direction="row" />
              </Box>
              <CompanyBadge company={company} hasFailed={hasCompanyFailed} onChange={changeCompany} />
              {profile}
            </>
          )}
        </Group>
        {isPhone && (
          <Box pt="xs" mt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <CompanyBadge company={company} hasFailed={hasCompanyFailed} onChange={changeCompany} isCompact />
          </Box>
        )}
      </Container>
      <Drawer
        opened={isPhone === true && isMenuOpen}
        onClose={menu.close}
        position="right"
        size="85%"
        title={t('header.nav')}
        closeButtonProps={{ 'aria-label': t('global.close') }}
      >
        <Stack gap="md">
          <ProviderNav {...navProps} direction="column" onNavigate={menu.close} />
          <Divider />
          {profile}
        </Stack>
      </Drawer>
    </Box>
  );
}

import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Account, Company } from '@portal/contract';
import { Link } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n/use-translation';
import { lazyPart, useLazyPart } from '../lazy-part';
import { CompanyBadge } from './company-badge';
import classes from './provider-header.module.css';
import { ProviderNav } from './provider-nav';

// The phone's menu (Mantine's drawer) loads a moment after the page, or when it opens; a laptop never needs it.
const menuDrawer = lazyPart(() => import('./menu-drawer').then((module) => module.MenuDrawer));

type Props = {
  account: Account | undefined;
  company: Company | undefined;
  hasCompanyFailed: boolean;
  onChangeCompany: () => void;
};

/** The provider header; on a phone (≤ 767 px) the company gets a row of its own, links and profile a drawer. */
export function ProviderHeader({ account, company, hasCompanyFailed, onChangeCompany }: Props) {
  const { t } = useTranslation();
  // Read before the first paint: a phone must not see the laptop header first, then the switch.
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const [isMenuOpen, menu] = useDisclosure(false);
  // Counted from when the company is known: the page is then on its way.
  const MenuDrawer = useLazyPart(menuDrawer, {
    preload: isPhone && company ? 'later' : false,
    isWanted: isMenuOpen,
  });
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
      {MenuDrawer && (
        <MenuDrawer
          opened={isPhone === true && isMenuOpen}
          onClose={menu.close}
          nav={<ProviderNav {...navProps} direction="column" onNavigate={menu.close} />}
          profile={profile}
        />
      )}
    </Box>
  );
}

import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Company } from '@portal/contract';
import { lazy, memo } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { paths, pathTo } from '../../config/paths';
import { InboxBell } from '../../features/inbox/components/inbox-bell';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useMountAfterFirstOpen } from '../../lib/use-mount-after-first-open';
import { CompanyBadge } from './company-badge';
import classes from './provider-header.module.css';
import { ProviderNav } from './provider-nav';

// The phone's menu (Mantine's drawer) loads the first time it opens; a laptop never needs it.
const MenuDrawer = lazy(() => import('./menu-drawer').then((module) => ({ default: module.MenuDrawer })));

type Props = {
  /** ROLE_PROVIDER_CONSULT: the older front end's report among the links. */
  isConsult: boolean;
  company: Company | undefined;
  hasCompanyFailed: boolean;
  onChangeCompany: () => void;
};

/** A request's detail page (docs/product/screens-and-routes.md#inbox: where an item about a request goes). */
const batchPath = (batchId: number) => pathTo('anticipationRequest', { id: String(batchId) });

/**
 * The provider header; on a phone (≤ 767 px) the company gets a row of its own, links and profile a drawer.
 * The notification bell sits before the profile (laptop) or the menu button (phone). Memoised: the layout
 * re-renders as each of the session's calls answers, the header only when its own props change.
 */
export const ProviderHeader = memo(function ProviderHeader({
  isConsult,
  company,
  hasCompanyFailed,
  onChangeCompany,
}: Props) {
  const { t } = useTranslation();
  // Read before the first paint: a phone must not see the laptop header first, then the switch.
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const [isMenuOpen, menu] = useDisclosure(false);
  const mountsDrawer = useMountAfterFirstOpen(isMenuOpen);
  const navProps = {
    canAnticipate: company?.canAnticipate ?? false,
    isConsult,
  };
  const changeCompany = () => {
    menu.close();
    onChangeCompany();
  };
  const bell = (
    <InboxBell enabled={company !== undefined} disabled={hasCompanyFailed} batchPath={batchPath} />
  );
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
            <Group gap="xs" wrap="nowrap">
              {bell}
              <Burger opened={isMenuOpen} onClick={menu.toggle} aria-label={t('header.menu')} />
            </Group>
          ) : (
            <>
              <Box style={{ flex: 1 }}>
                <ProviderNav {...navProps} direction="row" />
              </Box>
              <CompanyBadge company={company} hasFailed={hasCompanyFailed} onChange={changeCompany} />
              {bell}
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
      {mountsDrawer && (
        <MenuDrawer
          opened={isPhone === true && isMenuOpen}
          onClose={menu.close}
          nav={<ProviderNav {...navProps} direction="column" onNavigate={menu.close} />}
          profile={profile}
        />
      )}
    </Box>
  );
});

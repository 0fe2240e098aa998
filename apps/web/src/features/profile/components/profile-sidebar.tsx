import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/use-translation';

export type ProfileSection = 'data' | 'password' | 'notifications' | 'security';

export type CompanyPageLink = {
  /** An app path (an external-redirect route), so a disabled page leads to /page-not-found. */
  to: string;
  labelKey:
    | 'profile.company.address'
    | 'profile.company.bank'
    | 'profile.company.signer'
    | 'profile.company.files';
};

type Props = {
  section: ProfileSection;
  companyPages: readonly CompanyPageLink[];
  onExit: () => void;
};

/**
 * The profile's sidebar: user section (data, password, e-mail notifications, security, exit) and the company
 * pages, each in a new tab.
 */
export function ProfileSidebar({ section, companyPages, onExit }: Props) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('profile.nav')}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm">
            {t('profile.section.user')}
          </Text>
          <NavLink
            component={Link}
            to="#data"
            label={t('profile.data')}
            active={section === 'data'}
            aria-current={section === 'data' ? 'page' : undefined}
          />
          <NavLink
            component={Link}
            to="#password"
            label={t('profile.password')}
            active={section === 'password'}
            aria-current={section === 'password' ? 'page' : undefined}
          />
          <NavLink
            component={Link}
            to="#notifications"
            label={t('inbox.preferences.title')}
            active={section === 'notifications'}
            aria-current={section === 'notifications' ? 'page' : undefined}
          />
          <NavLink
            component={Link}
            to="#security"
            label={t('security.title')}
            active={section === 'security'}
            aria-current={section === 'security' ? 'page' : undefined}
          />
          <NavLink component="button" label={t('profile.exit')} onClick={onExit} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm">
            {t('profile.section.company')}
          </Text>
          {companyPages.map((page) => (
            <NavLink
              key={page.labelKey}
              component={Link}
              to={page.to}
              target="_blank"
              rel="noopener noreferrer"
              label={
                <>
                  {t(page.labelKey)} <span className="visually-hidden">{t('global.new-tab')}</span>
                </>
              }
            />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

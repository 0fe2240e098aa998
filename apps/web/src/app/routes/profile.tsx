import { Alert, Grid, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { EmailPreferences } from '../../features/inbox/components/email-preferences';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { PasswordChangeForm } from '../../features/profile/components/password-change-form';
import { ProfileData } from '../../features/profile/components/profile-data';
import {
  type CompanyPageLink,
  type ProfileSection,
  ProfileSidebar,
} from '../../features/profile/components/profile-sidebar';
import { SecuritySection } from '../../features/security/components/security-section';
import { accountQueryOptions, useAccount } from '../../features/session/api/get-account';
import { useLogout } from '../../features/session/use-logout';
import { useTranslation } from '../../lib/i18n/use-translation';

const companyPages: readonly CompanyPageLink[] = [
  { to: paths.companyAddressManage, labelKey: 'profile.company.address' },
  { to: paths.companyBankAccountManage, labelKey: 'profile.company.bank' },
  { to: paths.signer, labelKey: 'profile.company.signer' },
  { to: paths.companyFilesManage, labelKey: 'profile.company.files' },
];

const sections: Record<string, ProfileSection> = {
  '#password': 'password',
  '#notifications': 'notifications',
  '#security': 'security',
};

/** The sections a link may open scrolled to (on a phone they sit below the sidebar). */
const scrolledTo: ReadonlySet<ProfileSection> = new Set(['notifications', 'security']);

const titles = {
  data: 'profile.data',
  password: 'profile.password',
  notifications: 'inbox.preferences.title',
  security: 'security.title',
} as const satisfies Record<ProfileSection, string>;

/**
 * `/profile`: #data shows the person, #password edits the password, #notifications chooses the e-mails,
 * #security holds the second factor, the transaction PIN and the sessions (docs/product/account-security.md).
 * Switching between them hides the success message and the validation (the form remounts); exit logs out
 * (docs/product/screens-and-routes.md#profile). A link to /profile#notifications or #security scrolls to that
 * section (on a phone it sits below the sidebar).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The provider layout has loaded it: the security section reads what it says of the factor and the PIN.
  const account = useAccount();
  const organizationName = useOrganizationName(t('app.name'));
  const section = sections[location.hash] ?? 'data';
  // The message belongs to the visit of the section where the change happened: any navigation hides it. A visit
  // is the location object, which every navigation replaces; not its key, which is 'default' for every address
  // reached outside the app (opened, typed in the address bar), so /profile#data typed after a save opened at
  // /profile#password would have shown it again.
  const [updatedIn, setUpdatedIn] = useState<Location | null>(null);
  const isUpdated = updatedIn === location;
  const setUpdated = (shown: boolean) => setUpdatedIn(shown ? location : null);
  // After the root layout's scroll to the top (a layout effect), once per visit of the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit (location.key) scrolls once
  useEffect(() => {
    if (scrolledTo.has(section)) document.getElementById(section)?.scrollIntoView({ block: 'start' });
  }, [location.key]);
  return (
    <Stack gap="lg">
      <title>{`${t('profile.title')} · ${t('app.name')}`}</title>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Paper withBorder radius="md" p="xs">
            <ProfileSidebar section={section} companyPages={companyPages} onExit={() => void logout()} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'xl' }}
            id={section}
            style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}
          >
            <Stack gap="md">
              <Title order={2} size="h3">
                {t(titles[section])}
              </Title>
              {isUpdated && (
                <Alert
                  color="brand"
                  variant="light"
                  withCloseButton
                  closeButtonLabel={t('global.close')}
                  onClose={() => setUpdated(false)}
                  role="status"
                >
                  {t('profile.updated')}
                </Alert>
              )}
              {section === 'data' && <ProfileData />}
              {section === 'password' && (
                <PasswordChangeForm
                  onCancel={() => navigate({ hash: 'data' })}
                  onChanged={() => setUpdated(true)}
                />
              )}
              {section === 'notifications' && <EmailPreferences />}
              {section === 'security' && account.data && (
                <SecuritySection
                  account={account.data}
                  issuer={organizationName}
                  onAccountChanged={() =>
                    void queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey })
                  }
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

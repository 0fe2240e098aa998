import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { SimpleFooter } from '../../components/layout/simple-footer';
import { SimpleHeader } from '../../components/layout/simple-header';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { useTranslation } from '../../lib/i18n/use-translation';

/** Public pages (and the terms page): the simple header and footer around the content. */
export function PublicLayout() {
  const { t } = useTranslation();
  const organizationName = useOrganizationName(t('app.name'));
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SimpleHeader />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        size="lg"
        py={{ base: 'lg', sm: 'xl' }}
        w="100%"
        style={{ flex: 1 }}
      >
        <Outlet />
      </Container>
      <SimpleFooter organizationName={organizationName} />
    </Box>
  );
}

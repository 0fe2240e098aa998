import { Box, Container, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { LanguageSelect } from './language-select';

/**
 * The footer of every page but login: copyright and the language choice. Memoised: it re-renders with its name
 * or the language, not with each render of the layout around it.
 */
export const SimpleFooter = memo(function SimpleFooter({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      bg="white"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" py="md">
        <Group justify="space-between" align="end" gap="md">
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear(), organization: organizationName })}
          </Text>
          <LanguageSelect />
        </Group>
      </Container>
    </Box>
  );
});

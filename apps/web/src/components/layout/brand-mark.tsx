import { Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation';

/** The product's name with a small mark in the brand color; no image, so no extra request. */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="md" radius="sm" aria-hidden>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 9 L6 5 L8 7 L12 3" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      </ThemeIcon>
      <Text fw={600} size="lg" c="brand.8">
        {t('app.name')}
      </Text>
    </Group>
  );
}

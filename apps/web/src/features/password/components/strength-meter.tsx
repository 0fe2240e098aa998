import { Box, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { loadStrengthChecker, type StrengthScore } from '../password-strength';

/** Four bars for the 0–4 score, with the level in words for screen readers and colour-blind users. */
export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const [score, setScore] = useState<StrengthScore | null>(null);

  useEffect(() => {
    let isCurrent = true;
    if (!password) {
      setScore(null);
      return;
    }
    void loadStrengthChecker().then((check) => {
      if (isCurrent) setScore(check(password));
    });
    return () => {
      isCurrent = false;
    };
  }, [password]);

  const filled = score ?? 0;
  return (
    <Box>
      <Group gap={4} aria-hidden wrap="nowrap">
        {[1, 2, 3, 4].map((bar) => (
          <Box
            key={bar}
            h={6}
            style={{
              flex: 1,
              borderRadius: 3,
              background: bar <= filled ? 'var(--mantine-color-brand-6)' : 'var(--mantine-color-gray-3)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {score === null ? '\u00a0' : t('strength.label', { level: t(`strength.${score}`) })}
      </Text>
    </Box>
  );
}

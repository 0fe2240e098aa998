import {
  Box,
  CheckIcon,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { focusStep, useInviteMotion } from '../use-invite-motion';

type Props = {
  index: number;
  total: number;
  title: string;
  /** What was filled, shown on a completed section while it is closed. */
  summary: string | null;
  isOpen: boolean;
  isDone: boolean;
  canOpen: boolean;
  onOpen: () => void;
  children: ReactNode;
};

/**
 * One collapsible section of the mobile wizard (the accordion pattern: a heading button that controls its
 * region). It opens in 750 ms and closes in 350 ms; its first field takes focus 750 ms after it opens.
 */
export function MobileSection({
  index,
  total,
  title,
  summary,
  isOpen,
  isDone,
  canOpen,
  onOpen,
  children,
}: Props) {
  const { t } = useTranslation();
  const motion = useInviteMotion();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const timer = window.setTimeout(() => focusStep(panel.current), motion.mobileFocusDelay);
    return () => window.clearTimeout(timer);
  }, [isOpen, motion.mobileFocusDelay]);
  return (
    <Paper withBorder radius="md" p="sm" bg={isOpen ? 'white' : undefined}>
      <Title order={2} size="h5" fw={600}>
        <UnstyledButton
          id={`${id}-header`}
          aria-expanded={isOpen}
          aria-controls={`${id}-panel`}
          disabled={!isOpen && !canOpen}
          onClick={() => !isOpen && onOpen()}
          w="100%"
          style={{ opacity: !isOpen && !canOpen ? 0.75 : 1 }}
        >
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon
              radius="xl"
              size={28}
              variant={isDone || isOpen ? 'filled' : 'light'}
              color={isDone && !isOpen ? 'green.9' : 'brand'}
              aria-hidden
            >
              {isDone && !isOpen ? (
                <CheckIcon size={12} />
              ) : (
                <Text size="sm" fw={600} c="inherit">
                  {index}
                </Text>
              )}
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={400}>
                {t('invite.section.progress', { n: index, total })}
                {isDone && !isOpen && (
                  <span className="visually-hidden">{` · ${t('invite.section.done')}`}</span>
                )}
              </Text>
              <Text fw={600}>{title}</Text>
              {!isOpen && summary && (
                <Text size="sm" fw={400} c="dark.6" truncate>
                  {summary}
                </Text>
              )}
            </Stack>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse
        expanded={isOpen}
        transitionDuration={isOpen ? motion.enter : motion.exit}
        keepMounted={false}
      >
        <Box id={`${id}-panel`} role="region" aria-label={title} ref={panel} pt="md">
          {children}
        </Box>
      </Collapse>
    </Paper>
  );
}

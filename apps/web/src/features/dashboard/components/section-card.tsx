import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { id: string; title: string; action?: ReactNode; children: ReactNode };

/** A dashboard section: a titled panel; the title labels the region for screen readers. */
export function SectionCard({ id, title, action, children }: Props) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      h="100%"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

import { Button, Paper, Stack, Text } from '@mantine/core';

type Props = { message: string; actionLabel: string; onAction: () => void };

/** A designed error state with a next step, never a blank area (DESIGN). */
export function ErrorState({ message, actionLabel, onAction }: Props) {
  return (
    <Paper withBorder p="xl" radius="md" maw={520} mx="auto" my="xl">
      <Stack align="center" gap="md" ta="center">
        <Text role="alert">{message}</Text>
        <Button variant="light" onClick={onAction}>
          {actionLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

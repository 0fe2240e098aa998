import { Text, Title } from '@mantine/core';

type Props = { title: string; text?: string; isShown: boolean };

/** A step's heading on a desktop; on a phone the section header already names the step. */
export function StepTitle({ title, text, isShown }: Props) {
  return (
    <>
      {isShown && (
        <Title order={2} size="h3">
          {title}
        </Title>
      )}
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
    </>
  );
}

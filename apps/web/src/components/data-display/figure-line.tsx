import { Group, Text } from '@mantine/core';

type FigureLineProps = {
  label: string;
  value: string;
  isStrong?: boolean;
  /** A cost: shown after a minus sign. */
  isCost?: boolean;
  /** A rule above sets a figure apart (the net amount, the indicators); a <dl> holds no <hr>. */
  rule?: 'solid' | 'dashed';
};

/** One labelled figure of a `<dl>` of money: label left, value right and never wrapped. */
export function FigureLine({ label, value, isStrong, isCost, rule }: FigureLineProps) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      pt={rule ? 'xs' : undefined}
      style={rule ? { borderTop: `1px ${rule} var(--mantine-color-gray-4)` } : undefined}
    >
      <Text component="dt" size="sm" fw={isStrong ? 600 : 400}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={isStrong ? 600 : 400} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {isCost ? `− ${value}` : value}
      </Text>
    </Group>
  );
}

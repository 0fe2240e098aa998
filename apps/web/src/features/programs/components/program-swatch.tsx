import { Box } from '@mantine/core';

/** The program's own color as a small swatch, never as a large background (DESIGN). */
export function ProgramSwatch({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{
        flex: 'none',
        borderRadius: '50%',
        background: color,
        border: '1px solid rgba(0, 0, 0, 0.15)',
      }}
    />
  );
}

import { SimpleGrid } from '@mantine/core';
import type { Program } from '@portal/contract';
import { ProgramCard } from './program-card';

type Props = { programs: readonly Program[]; linkOf: (program: Program) => { to: string; state: unknown } };

/** Programs as a grid of cards: one column on a phone, up to three on a laptop. */
export function ProgramGrid({ programs, linkOf }: Props) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, md: 3 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {programs.map((program) => (
        <li key={program.id}>
          <ProgramCard program={program} {...linkOf(program)} />
        </li>
      ))}
    </SimpleGrid>
  );
}

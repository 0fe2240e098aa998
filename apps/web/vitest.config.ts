import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    css: false,
    // Rendering tests import Mantine and lazy routes; on a busy CI machine 5 s is too tight.
    testTimeout: 15_000,
  },
});

import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { appConfig } from '../config/app-config';

function mix(hex: string, target: number, weight: number): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  const mixed = channels.map((channel) => Math.round(channel + (target - channel) * weight));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around the configured brand color, which sits at shade 6 (Mantine's filled shade). */
export function shadesOf(brand: string): MantineColorsTuple {
  const lighter = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((weight) => mix(brand, 255, weight));
  const darker = [0.15, 0.3, 0.45].map((weight) => mix(brand, 0, weight));
  return [...lighter, brand, ...darker] as unknown as MantineColorsTuple;
}

/** One primary brand color, neutral greys, Inter in two weights (DESIGN). */
export const theme = createTheme({
  colors: { brand: shadesOf(appConfig.brandColor) },
  primaryColor: 'brand',
  primaryShade: 6,
  // Latin text in the portal's own cut of Inter (src/fonts/README.md), anything else in fontsource's.
  fontFamily: '"Inter Latin", "Inter Variable", system-ui, sans-serif',
  headings: { fontFamily: '"Inter Latin", "Inter Variable", system-ui, sans-serif', fontWeight: '600' },
  fontSizes: { xs: '0.8125rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  defaultRadius: 'md',
  focusRing: 'auto',
  // Mantine then skips its transitions for users who ask the system for less motion.
  respectReducedMotion: true,
  cursorType: 'pointer',
  components: {
    // A modal's title is its heading already (an h2, which names the dialog): callers pass its text, and it has
    // the look of the portal's section headings (an h3's size). A heading inside it would be a heading in a
    // heading, which HTML does not allow.
    Modal: {
      styles: {
        title: {
          fontFamily: 'var(--mantine-font-family-headings)',
          fontSize: 'var(--mantine-h3-font-size)',
          fontWeight: 'var(--mantine-h3-font-weight)',
          lineHeight: 'var(--mantine-h3-line-height)',
        },
      },
    },
  },
});

/**
 * Mantine's default dimmed grey (#868e96) and error red (#fa5252) fall below WCAG AA (4.5:1) on white; these
 * pass (about 8:1 and 6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#495057', '--mantine-color-error': '#b3261e' },
  dark: {},
});

import { useReducedMotion } from '@mantine/hooks';

/**
 * The wizard's timings (docs/product/screens-and-routes.md#constants), all zero for users who ask the system
 * for less motion.
 */
export const inviteMotion = { exit: 350, enter: 750, cardFade: 750, mobileFocusDelay: 750 } as const;

export type InviteMotion = { exit: number; enter: number; cardFade: number; mobileFocusDelay: number };

const still: InviteMotion = { exit: 0, enter: 0, cardFade: 0, mobileFocusDelay: 0 };

export function useInviteMotion(): InviteMotion {
  return useReducedMotion() ? still : inviteMotion;
}

/** Puts focus on a step that just appeared: its marked field, else its first editable field, else its heading. */
export function focusStep(container: HTMLElement | null): void {
  if (!container) return;
  const target =
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    container.querySelector<HTMLElement>('input:not([type="hidden"]):not([readonly]):not([disabled])') ??
    container.querySelector<HTMLElement>('h2, h3') ??
    container.querySelector<HTMLElement>('button[type="submit"]');
  if (target && !target.matches('input, button, a') && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target?.focus({ preventScroll: false });
}

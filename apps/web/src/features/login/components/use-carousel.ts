import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** PORTAL_SPEC 9: the login carousel turns every 5000 ms. */
export const carouselInterval = 5000;

/**
 * The slide index of an auto-rotating carousel that pauses while hovered or focused (WCAG 2.2.2), when the
 * user pauses it, and never rotates for users who ask for less motion.
 */
export function useCarousel(count: number) {
  const reduceMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [isHeld, setHeld] = useState(false);
  const [isPaused, setPaused] = useState(false);
  const isRotating = !reduceMotion && !isPaused && !isHeld;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), carouselInterval);
    return () => window.clearInterval(timer);
  }, [isRotating, count]);

  return {
    index,
    goTo: setIndex,
    isPaused: isPaused || Boolean(reduceMotion),
    togglePaused: () => setPaused((paused) => !paused),
    reduceMotion: Boolean(reduceMotion),
    holdHandlers: {
      onMouseEnter: () => setHeld(true),
      onMouseLeave: () => setHeld(false),
      onFocus: () => setHeld(true),
      onBlur: () => setHeld(false),
    },
  };
}

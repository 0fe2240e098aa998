import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** The login carousel turns every 5000 ms (docs/product/screens-and-routes.md#login). */
export const carouselInterval = 5000;

/**
 * The slide index of an auto-rotating carousel that pauses while hovered or focused (WCAG 2.2.2), when the
 * user pauses it, and never rotates for users who ask for less motion.
 */
export function useCarousel(count: number) {
  const reduceMotion = useReducedMotion();
  // The first slide is simply there on arrival; only a change of slide slides in. An entrance animation would
  // start the page's largest text at opacity 0 and push its first paint back a frame.
  const [{ index, hasChanged }, setSlide] = useState({ index: 0, hasChanged: false });
  const [isHeld, setHeld] = useState(false);
  const [isPaused, setPaused] = useState(false);
  const isRotating = !reduceMotion && !isPaused && !isHeld;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(
      () => setSlide((current) => ({ index: (current.index + 1) % count, hasChanged: true })),
      carouselInterval,
    );
    return () => window.clearInterval(timer);
  }, [isRotating, count]);

  return {
    index,
    goTo: (next: number) => setSlide({ index: next, hasChanged: true }),
    isPaused: isPaused || Boolean(reduceMotion),
    togglePaused: () => setPaused((paused) => !paused),
    reduceMotion: Boolean(reduceMotion),
    /** Whether a change of slide animates: not for the first slide, nor for users who ask for less motion. */
    animatesSlide: !reduceMotion && hasChanged,
    holdHandlers: {
      onMouseEnter: () => setHeld(true),
      onMouseLeave: () => setHeld(false),
      onFocus: () => setHeld(true),
      onBlur: () => setHeld(false),
    },
  };
}

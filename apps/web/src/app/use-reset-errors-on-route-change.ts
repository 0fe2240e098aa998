import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { resetErrors } from '../lib/errors/error-display-store';

/** Navigation state of a redirect that an error caused: the error must stay visible after it. */
export type KeepErrorsState = { keepErrors?: boolean };

/**
 * Errors reset when the route changes (docs/product/errors.md#display-modes), except across a redirect an
 * error caused.
 */
export function useResetErrorsOnRouteChange(): void {
  const location = useLocation();
  const previous = useRef(location.pathname);
  useEffect(() => {
    if (previous.current === location.pathname) return;
    previous.current = location.pathname;
    if (!(location.state as KeepErrorsState | null)?.keepErrors) resetErrors();
  }, [location]);
}

import { createStore, useStore } from '../create-store';
import type { AppError, DisplayMode, ErrorAction } from './app-error';
import { displayOf } from './display-rules';

/** A blocking error on screen or waiting (toasts live in @mantine/notifications' store, toasts.tsx). */
export type ShownMessage = {
  id: number;
  messageKey: string;
  action: ErrorAction | null;
  showSupportPhone: boolean;
};

/** `toastsLoaded`: a toast was asked for, so the providers mount the toasts' host. */
export type ErrorDisplayState = { blocking: ShownMessage[]; toastsLoaded: boolean };

export const errorDisplayStore = createStore<ErrorDisplayState>({ blocking: [], toastsLoaded: false });

type Toasts = typeof import('./toasts');
let toasts: Promise<Toasts> | undefined;

/**
 * Runs `use` with the toasts module, which loads with the first toast rather than with the first load of /
 * (@mantine/notifications, docs/decisions/web-first-load.md). Calls run in the order they were made.
 */
function withToasts(use: (module: Toasts) => void): void {
  if (!toasts) {
    toasts = import('./toasts');
    errorDisplayStore.set((state) => ({ ...state, toastsLoaded: true }));
  }
  // Without its code (the network failed), the page goes on without toasts.
  void toasts.then(use, () => undefined);
}

let nextId = 1;

/**
 * Shows an error by its display rule: a toast, or a blocking error that stacks under the first one. A message
 * already on screen or waiting is not added twice.
 */
export function reportError(error: AppError, override?: DisplayMode): void {
  const spec = displayOf(error, override);
  if (spec.mode === 'IGNORED') return;
  if (spec.mode !== 'BLOCKING') {
    withToasts((module) => module.showToast('error', spec.messageKey));
    return;
  }
  const message: ShownMessage = {
    id: nextId++,
    messageKey: spec.messageKey,
    action: spec.action,
    showSupportPhone: spec.showSupportPhone,
  };
  errorDisplayStore.set((state) =>
    state.blocking.some((shown) => shown.messageKey === message.messageKey)
      ? state
      : { ...state, blocking: [...state.blocking, message] },
  );
}

/** A success toast (2.5 s); it survives a route change, unlike errors. */
export function showSuccess(messageKey: string, values?: Record<string, string>): void {
  withToasts((module) => module.showToast('success', messageKey, values));
}

export function dismissMessage(id: number): void {
  errorDisplayStore.set((state) => ({
    ...state,
    blocking: state.blocking.filter((shown) => shown.id !== id),
  }));
}

/** Errors, blocking and toasts, reset when the route changes (docs/product/errors.md#display-modes). */
export function resetErrors(): void {
  errorDisplayStore.set((state) => (state.blocking.length === 0 ? state : { ...state, blocking: [] }));
  if (toasts) withToasts((module) => module.hideErrorToasts());
}

export function useCurrentBlocking(): ShownMessage | null {
  return useStore(errorDisplayStore, (state) => state.blocking[0] ?? null);
}

export function useHasBlockingError(): boolean {
  return useStore(errorDisplayStore, (state) => state.blocking.length > 0);
}

/** Whether the toasts' module was asked for: the providers then mount their host. */
export function useToastsLoaded(): boolean {
  return useStore(errorDisplayStore, (state) => state.toastsLoaded);
}

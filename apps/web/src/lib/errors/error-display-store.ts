import { createStore, useStore } from '../create-store';
import type { AppError, DisplayMode, ErrorAction } from './app-error';
import { displayOf } from './display-rules';

/** One message on screen: a blocking modal or a toast. */
export type ShownMessage = {
  id: number;
  kind: 'error' | 'success';
  messageKey: string;
  /** Interpolation values of the message (a company name in "now working as …"). */
  values?: Record<string, string>;
  action: ErrorAction | null;
  showSupportPhone: boolean;
};

export type ErrorDisplayState = { blocking: ShownMessage[]; toasts: ShownMessage[] };

/** Toast durations (docs/product/errors.md#display-modes). */
export const toastDurations = { success: 2500, error: 2000 } as const;

export const errorDisplayStore = createStore<ErrorDisplayState>({ blocking: [], toasts: [] });

let nextId = 1;

const isSame = (a: ShownMessage, b: ShownMessage) =>
  a.kind === b.kind && a.messageKey === b.messageKey && JSON.stringify(a.values) === JSON.stringify(b.values);

/**
 * Adds an error by its display rule. A message already on screen or waiting is not added twice; toasts wait in
 * a queue so only one shows at a time (the first), blocking errors stack under the first one.
 */
export function reportError(error: AppError, override?: DisplayMode): void {
  const spec = displayOf(error, override);
  if (spec.mode === 'IGNORED') return;
  const message: ShownMessage = {
    id: nextId++,
    kind: 'error',
    messageKey: spec.messageKey,
    action: spec.action,
    showSupportPhone: spec.showSupportPhone,
  };
  errorDisplayStore.set((state) => {
    const list = spec.mode === 'BLOCKING' ? state.blocking : state.toasts;
    if (list.some((shown) => isSame(shown, message))) return state;
    return spec.mode === 'BLOCKING'
      ? { ...state, blocking: [...state.blocking, message] }
      : { ...state, toasts: [...state.toasts, message] };
  });
}

/** A success toast (2.5 s); it survives a route change, unlike errors. */
export function showSuccess(messageKey: string, values?: Record<string, string>): void {
  const message: ShownMessage = {
    id: nextId++,
    kind: 'success',
    messageKey,
    values,
    action: null,
    showSupportPhone: false,
  };
  errorDisplayStore.set((state) =>
    state.toasts.some((shown) => isSame(shown, message))
      ? state
      : { ...state, toasts: [...state.toasts, message] },
  );
}

export function dismissMessage(id: number): void {
  errorDisplayStore.set((state) => ({
    blocking: state.blocking.filter((shown) => shown.id !== id),
    toasts: state.toasts.filter((shown) => shown.id !== id),
  }));
}

/** Errors reset when the route changes (docs/product/errors.md#display-modes). */
export function resetErrors(): void {
  errorDisplayStore.set((state) => {
    const toasts = state.toasts.filter((shown) => shown.kind === 'success');
    if (state.blocking.length === 0 && toasts.length === state.toasts.length) return state;
    return { blocking: [], toasts };
  });
}

export function useCurrentBlocking(): ShownMessage | null {
  return useStore(errorDisplayStore, (state) => state.blocking[0] ?? null);
}

export function useCurrentToast(): ShownMessage | null {
  return useStore(errorDisplayStore, (state) => state.toasts[0] ?? null);
}

/** Whether a toast is on screen or waiting. */
export function useHasToast(): boolean {
  return useStore(errorDisplayStore, (state) => state.toasts.length > 0);
}

export function useHasBlockingError(): boolean {
  return useStore(errorDisplayStore, (state) => state.blocking.length > 0);
}

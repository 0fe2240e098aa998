import { createContext, type ReactNode, startTransition, use, useEffect, useState } from 'react';
import { type I18nState, i18nStore } from './i18n';

const I18nContext = createContext<I18nState | null>(null);

/**
 * The language and catalogue of i18nStore, handed to components as React state that follows the store in a
 * transition. A store read through useSyncExternalStore always re-renders blocking, and the rest of the
 * catalogue arrives as a lazy page's code does (app/lazy-page.tsx): the render that reveals the page and its
 * layout would then be one task nothing can interrupt. As a transition, React renders it in slices and gives
 * way to input and to the session's answers (docs/decisions/web-first-load.md#phone). A language switch is a transition too:
 * the screen keeps the old language until the new one is rendered.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(i18nStore.get);
  useEffect(() => {
    const follow = () => startTransition(() => setState(i18nStore.get()));
    follow(); // a change between this render and the subscription
    return i18nStore.subscribe(follow);
  }, []);
  return <I18nContext value={state}>{children}</I18nContext>;
}

/**
 * The language and catalogue from the provider. Outside one (a test rendering a single component) the store's
 * value at render time, without following later changes.
 */
export function useI18nState(): I18nState {
  return use(I18nContext) ?? i18nStore.get();
}

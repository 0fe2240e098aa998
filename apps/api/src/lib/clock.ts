/**
 * The server's notion of "now". Injected everywhere instead of `new Date()` so that APP_NOW can freeze it
 * (tests, demos, support reproductions) and tests can move it (token expiry, reset-key expiry).
 */
export type Clock = { now(): Date };

export function systemClock(): Clock {
  return { now: () => new Date() };
}

export function frozenClock(at: Date): Clock & { set(at: Date): void; advance(ms: number): void } {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    set: (d) => {
      current = d.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export function clockFrom(appNow: Date | undefined): Clock {
  return appNow ? frozenClock(appNow) : systemClock();
}

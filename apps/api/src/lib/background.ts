/**
 * Work that must not delay a response (a reprice of stored credit prices, a vacuum) but must not be cut off
 * by a graceful shutdown either: the app waits for it in onClose.
 */
export type Background = { run(name: string, task: () => Promise<unknown>): void; drain(): Promise<void> };

export function createBackground(log: { error(obj: object, msg: string): void }): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const p = task()
        .catch((err) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

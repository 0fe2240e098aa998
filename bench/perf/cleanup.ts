/**
 * What the bench started, to be stopped in reverse order whatever happens: at the end, on an error, and on
 * Ctrl-C or SIGTERM. Each step runs once; a failing step does not keep the others from running.
 */
type Step = { name: string; run: () => Promise<void> | void };

const steps: Step[] = [];
let running: Promise<void> | undefined;

export function onCleanup(name: string, run: Step['run']): () => void {
  const step = { name, run };
  steps.push(step);
  return () => {
    const at = steps.indexOf(step);
    if (at >= 0) steps.splice(at, 1);
  };
}

export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop()!;
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup: ${step.name} failed: ${(error as Error).message}`);
      }
    }
    running = undefined;
  })();
  return running;
}

/** Ctrl-C or SIGTERM: stop what was started, then exit with the signal's conventional code. */
export function cleanUpOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started…`);
      void cleanUp().finally(() => process.exit(code));
    });
  }
}

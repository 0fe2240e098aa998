/** Strength score 0 to 4 (docs/product/screens-and-routes.md#password-strength). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

let checker: Promise<(password: string) => StrengthScore> | null = null;

/**
 * zxcvbn with its dictionaries is about half a megabyte gzipped, so it is fetched only when a strength
 * meter appears, once per page.
 */
export function loadStrengthChecker(): Promise<(password: string) => StrengthScore> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      });
      return (password: string) => factory.check(password).score as StrengthScore;
    },
  );
  return checker;
}

import type { Plugin } from 'vite';

/**
 * Finds every module the entry reaches through static imports (the app shell and the login page) once the
 * module graph is built, so that a chunk group can put them in one file. The browser needs all of them before
 * the first paint anyway, and brotli compresses one 600 kB stream far better than thirty small files
 * (docs/decisions/web-first-load.md#shell-chunk). Rolldown alone splits modules the entry shares with lazy
 * pages into common chunks even though the entry has always loaded them.
 *
 * The same walk from the provider layout (`layoutRoot`) finds what every provider page loads with it besides
 * the shell: one file rather than about ten of 1–4 kB, which over HTTP/1.1's six connections per origin cost
 * the dashboard a second round of requests before its first paint.
 *
 * Small modules two or more provider pages import (the program ribbon and swatch, the programs call, the CSV
 * export) join that chunk too: on their own, rolldown makes each a shared file of under 1 kB, and the invoices
 * page asked for six of them beside its own code, a third round of requests on six connections. The pages are
 * the dynamic imports of `pagesModule` (src/app/provider-pages.ts, from which the route table builds the
 * layout's children), so a new page is counted without being named here.
 *
 * A root that matches no module fails the build: a chunk group that silently stops would only show in the
 * benchmarks.
 *
 * A barrel package's index reaches every module of the package, used or not, so the walk does not enter
 * barrels; the modules of theirs the shell uses join its chunk as dependencies of the shell's own modules.
 */
export function shellChunk({
  isBarrel,
  layoutRoot,
  pagesModule,
}: {
  isBarrel: (id: string) => boolean;
  layoutRoot: RegExp;
  /** The module whose dynamic imports are the provider layout's pages. */
  pagesModule: RegExp;
}) {
  const shellModules = new Set<string>();
  const layoutModules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const walk = (roots: string[], into: Set<string>, skip: Set<string>) => {
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (into.has(id) || skip.has(id) || isBarrel(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      walk(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        shellModules,
        new Set(),
      );
      const only = (root: RegExp) => {
        const found = ids.filter((id) => root.test(id.replaceAll('\\', '/')));
        if (found.length !== 1)
          throw new Error(`shell-chunk: ${root} matches ${found.length} modules, not one`);
        return found[0] as string;
      };
      walk([only(layoutRoot)], layoutModules, shellModules);
      const pages = this.getModuleInfo(only(pagesModule))?.dynamicallyImportedIds ?? [];
      if (pages.length === 0) throw new Error(`shell-chunk: ${pagesModule} imports no page dynamically`);
      // How many provider pages reach each module that is in neither chunk yet.
      const reach = new Map<string, number>();
      for (const page of pages) {
        const reached = new Set<string>();
        walk([page], reached, new Set([...shellModules, ...layoutModules]));
        reached.delete(page);
        for (const id of reached) reach.set(id, (reach.get(id) ?? 0) + 1);
      }
      for (const [id, count] of reach) if (count >= 2) layoutModules.add(id);
    },
  };
  return {
    plugin,
    isShellModule: (id: string) => shellModules.has(id),
    isLayoutModule: (id: string) => layoutModules.has(id),
  };
}

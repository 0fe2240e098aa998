import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Reads the app's sources and Mantine's published files: a test of the build's inputs, not of rendering.
const webSrc = import.meta.dirname;
// The package's main file is in its cjs/ folder; styles and esm/ sit beside it.
const mantineRoot = path.join(path.dirname(require.resolve('@mantine/core')), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Mantine packages whose components the app renders; the charts and the toasts draw core components (Paper,
// ColorSwatch, Notification…). The toasts' own sheet is imported with them (lib/errors/toasts.tsx).
const packages = ['core', 'charts', 'notifications'] as const;
type Package = (typeof packages)[number];
const esmOf = (pkg: Package) => path.join(mantineRoot, '..', pkg, 'esm');

/** Every value the app imports from a Mantine package (type-only imports have no styles). */
function namesImportedByTheApp(): { pkg: Package; name: string }[] {
  const names = new Map<string, { pkg: Package; name: string }>();
  for (const file of sourceFiles(webSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@mantine\/(core|charts|notifications)'/g,
    )) {
      const pkg = match[2] as Package;
      for (const part of (match[1] ?? '').split(',')) {
        const name = (part.trim().split(/\s+as\s+/)[0] ?? '').trim();
        if (name && !name.startsWith('type ')) names.set(`${pkg}:${name}`, { pkg, name });
      }
    }
  }
  return [...names.values()];
}

/** A Mantine package's index: each exported name's module file. */
function moduleOfEachExport(pkg: Package): Map<string, string> {
  const index = readFileSync(path.join(esmOf(pkg), 'index.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of (match[1] ?? '').split(',')) {
      modules.set(name.trim(), path.join(esmOf(pkg), match[2] ?? ''));
    }
  }
  return modules;
}

const coreModules = moduleOfEachExport('core');

/**
 * The stylesheets a set of modules needs: every Mantine core component module they import, directly, through
 * the components they are built on, or through another Mantine package (the charts), brings its
 * `<Name>.module.mjs` (its class names), whose rules are in styles/<Name>.css.
 */
function stylesheetsNeeded(entries: string[]): Set<string> {
  const needed = new Set<string>();
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const module = path.basename(file).match(/^(\w+)\.module\.mjs$/);
    if (module?.[1] && file.startsWith(esmOf('core'))) needed.add(module[1]);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/from\s*"(\.[^"]+\.mjs)"/g)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const core = coreModules.get(name.trim());
        if (core) queue.push(core);
      }
    }
  }
  return needed;
}

/** The entry modules of everything the app imports from Mantine. */
function appEntryModules(): string[] {
  const byPackage = {
    core: coreModules,
    charts: moduleOfEachExport('charts'),
    notifications: moduleOfEachExport('notifications'),
  };
  return namesImportedByTheApp().map(({ pkg, name }) => {
    const file = byPackage[pkg].get(name);
    if (!file) throw new Error(`${name} is not in @mantine/${pkg}/esm/index.mjs`);
    return file;
  });
}

/** The stylesheets mantine-styles.ts imports, in its order. */
function stylesheetsImported(): string[] {
  const text = readFileSync(path.join(webSrc, 'mantine-styles.ts'), 'utf8');
  return [...text.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1] ?? '');
}

describe('mantine-styles.ts', () => {
  const imported = stylesheetsImported();
  const needed = stylesheetsNeeded(appEntryModules());

  it('imports the stylesheet of every Mantine component the app uses, and of the ones they are built on', () => {
    const missing = [...needed].filter((sheet) => !imported.includes(sheet));
    expect(missing, 'add these to mantine-styles.ts').toEqual([]);
  });

  it('imports no stylesheet the app does not need, besides the global ones', () => {
    const global = ['baseline', 'default-css-variables', 'global'];
    expect(imported.filter((sheet) => !needed.has(sheet) && !global.includes(sheet))).toEqual([]);
  });

  it('keeps the order of styles.css, where a component comes after the ones it is built on', () => {
    const full = readFileSync(path.join(mantineRoot, 'styles.css'), 'utf8');
    const position = (sheet: string) => {
      const text = readFileSync(path.join(mantineRoot, 'styles', `${sheet}.css`), 'utf8').trim();
      return full.indexOf(text.slice(0, 200));
    };
    expect(imported.every((sheet) => position(sheet) >= 0)).toBe(true);
    expect(imported).toEqual([...imported].sort((a, b) => position(a) - position(b)));
  });

  it('is the only way Mantine core styles enter the app', () => {
    const wholeSheet = sourceFiles(webSrc).filter((file) =>
      readFileSync(file, 'utf8').includes("import '@mantine/core/styles.css'"),
    );
    expect(wholeSheet).toEqual([]);
  });
});

#!/usr/bin/env node
// Part of `npm run lint`: the product's rules live in this repository (docs/product/), so
//   1. no tracked file may cite a document a newcomer cannot open: the platform's old specification and
//      decision files, or anything under a sibling `shared` folder;
//   2. every pointer `docs/product/<file>.md#<anchor>` (in code, tests and docs) and every relative link
//      between the files of docs/product/ must name a file that exists and an anchor it defines: an explicit
//      `<a id="…"></a>`, or a heading's GitHub slug.
// Reads tracked files only, through git grep; takes well under a second. Usage: node scripts/check-doc-references.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const productDir = 'docs/product';

/** git grep -n -E over tracked files; no match is an empty list, not an error. */
function gitGrep(pattern, ...paths) {
  try {
    const out = execFileSync('git', ['grep', '-n', '-I', '-E', pattern, '--', ...paths], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\n').filter(Boolean);
  } catch (error) {
    if (error.status === 1) return [];
    throw error;
  }
}

// Assembled from parts so this file does not cite them itself.
const outside = [
  ['PORTAL', 'SPEC'].join('_'),
  ['DECI', 'SIONS'].join(''),
  ['IMPORT', 'FORMAT'].join('_'),
  ['shared', 'spec'].join('/'),
  ['\\.\\.', 'shared'].join('/'),
].join('|');

/** GitHub's heading slug: lower case, punctuation dropped, spaces to dashes. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByFile = new Map();
function anchorsOf(file) {
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    const text = readFileSync(path.join(root, productDir, file), 'utf8');
    anchors = new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(slug(m[1]));
    anchorsByFile.set(file, anchors);
  }
  return anchors;
}

const problems = [];

for (const line of gitGrep(outside)) problems.push(`${line}\n    cites a document outside the repository`);

function checkPointer(where, file, anchor) {
  if (!existsSync(path.join(root, productDir, file))) {
    problems.push(`${where}: ${productDir}/${file} does not exist`);
  } else if (anchor && !anchorsOf(file).has(anchor)) {
    problems.push(`${where}: ${productDir}/${file} has no anchor #${anchor}`);
  }
}

for (const line of gitGrep(`${productDir}/[a-zA-Z0-9_-]+\\.md`)) {
  const [file, lineNo, ...rest] = line.split(':');
  for (const m of rest.join(':').matchAll(/docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
    checkPointer(`${file}:${lineNo}`, m[1], m[2]);
  }
}

for (const file of readdirSync(path.join(root, productDir)).filter((f) => f.endsWith('.md'))) {
  const text = readFileSync(path.join(root, productDir, file), 'utf8');
  for (const m of text.matchAll(/\]\(([\w-]+\.md)?(?:#([\w-]+))?\)/g)) {
    if (m[1] || m[2]) checkPointer(`${productDir}/${file}`, m[1] ?? file, m[2]);
  }
}

if (problems.length > 0) {
  console.error(`check-doc-references: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-doc-references: no reference outside the repository, every docs/product pointer resolves');

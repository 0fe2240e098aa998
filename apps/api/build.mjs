// The API's build: the server and the operator's CLI as two JavaScript bundles in dist/ (with the module of the
// server's worker threads), which `npm start`, `npm run ops`, the process tests, the browser tests' server and
// the benches run with plain Node. Node 20 cannot run TypeScript; tsx compiles each file as it loads, about 2.5 s
// of CPU per start that a bundle does not pay (docs/decisions/api-build.md). `npm run dev` keeps tsx, which
// follows edits.
//
// The workspace's own packages (@portal/contract, @portal/pricing: TypeScript sources) are bundled in; every
// other package is left to Node's resolution from node_modules, as before, so there is one copy of each (one
// zod for the contract and the API alike).
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = import.meta.dirname;

/** Bare imports stay imports, except the workspace's own packages. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/ops/cli.ts',
    // The worker threads' modules (src/modules/uploads/invoice-check-pool.ts, src/modules/platform/import-pool.ts),
    // loaded beside the server's.
    'invoice-check-worker': 'src/modules/uploads/invoice-check-worker.ts',
    'import-worker': 'src/modules/platform/import-worker.ts',
  },
  outdir: path.join(apiRoot, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Stack traces in the logs point at the sources (node --enable-source-maps).
  sourcemap: true,
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});

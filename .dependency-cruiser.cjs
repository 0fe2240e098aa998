/**
 * The import rules between the folders of the web app and of the API (docs/architecture.md#import-rules),
 * checked on resolved paths, so one rule holds at any folder depth. `npm run lint` runs it, then
 * .dependency-cruiser.api-modules.cjs (the API's modules depend one way).
 */
const web = '^apps/web/src';
const api = '^apps/api/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-another-feature',
      comment:
        'A feature imports no other feature: move what both need to lib/ or components/, or compose the two in app/.',
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: { path: `${web}/features/`, pathNot: `${web}/features/$1/` },
    },
    {
      name: 'web-feature-imports-app',
      comment:
        'A feature does not import app/ (app/ composes the features): pass it as a prop or move it to lib/.',
      severity: 'error',
      from: { path: `${web}/features/` },
      to: { path: `${web}/app/` },
    },
    {
      name: 'web-shared-code-imports-features-or-app',
      comment:
        'lib/, components/ and config/ serve every feature: they import no feature and nothing of app/ (bulletproof-react’s shared-code zone).',
      severity: 'error',
      from: { path: `${web}/(lib|components|config)/` },
      to: { path: `${web}/(features|app)/` },
    },
    {
      name: 'api-shared-code-imports-modules',
      comment:
        'db/, http/, lib/, mail/ and storage/ serve every module: they import no module, job or operator command. ' +
        'Two doors are named: http/ authenticates with the token modules, and migrating a database installs the job queue.',
      severity: 'error',
      from: { path: `${api}/(db|http|lib|mail|storage)/` },
      to: {
        path: `${api}/(modules|jobs|ops)/`,
        pathNot: [
          `${api}/modules/(auth/tokens|machine-clients/machine-tokens)\\.ts$`,
          `${api}/jobs/job-queue\\.ts$`,
        ],
      },
    },
    {
      name: 'api-product-imports-ops',
      comment:
        'ops/ (the operator CLI, the demo) uses the product; the product does not use it. Code the CLI and an API ' +
        'call both run (the import: modules/imports/) lives in modules/; ops/ only parses arguments and prints.',
      severity: 'error',
      from: { path: `${api}/(modules|jobs|http|lib|db|mail|storage)/` },
      to: { path: `${api}/ops/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.tsx?$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

/**
 * The API's modules depend one way (docs/architecture.md#import-rules): a second pass of dependency-cruiser over
 * apps/api/src/modules/ alone, since a folder cycle is only meaningful between modules. Cruising db/, http/ and
 * jobs/ too would join modules through them (a job imports a module, db/ installs the job queue) into cycles no
 * import of a module makes. `npm run lint` runs it after .dependency-cruiser.cjs.
 */
const base = require('./.dependency-cruiser.cjs');

const modules = '^apps/api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-modules-one-way',
      comment:
        'API modules depend one way: this import closes a loop between modules (A imports B, and B imports A, ' +
        'directly or through others). Move what both need to the more basic of the two, to a module both may ' +
        'import, or to db/, http/ or lib/; then only the other one imports it.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${modules}([^/]+)$` },
      to: { path: modules, pathNot: `${modules}$1$`, circular: true },
    },
  ],
  options: { ...base.options, includeOnly: modules },
};

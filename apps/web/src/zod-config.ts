import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` where a page allows it, and probes that once, when it builds
 * its first object schema. The portal's Content-Security-Policy allows no eval
 * (apps/api/src/http/security-headers.ts), so the probe could only fail, and each failure was a CSP violation
 * reported on every page load. `jitless` is Zod's setting for such pages: no probe, and parsing takes the path
 * it took before (docs/decisions/web-first-load.md#zod-jitless). Imported first by main.tsx, so it is set
 * before the contract builds its first schema.
 */
z.config({ jitless: true });

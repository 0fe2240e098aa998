// @portal/contract: the single source of truth of the API (schemas, paths, error codes), of the operator
// import format and of the values both sides read alike (identifications, money, an organization's wall clock).
// TypeScript source, no build step; imports nothing but zod.
export * from './access-key';
export * from './calls';
export * from './define-call';
export * from './encode-body';
export * from './errors';
export * from './field-errors';
export * from './import-file';
export * from './page';
export * from './platform-events';
export * from './platform-scopes';
export * from './primitives';
export * from './script-origin';
export * from './validation-messages';
export * from './zoned-time';

// @portal/contract: the single source of truth of the API (schemas, paths, error codes) and of the operator
// import format. TypeScript source, no build step; imports nothing but zod.
export * from './access-key';
export * from './calls';
export * from './define-call';
export * from './errors';
export * from './field-errors';
export * from './import-file';
export * from './page';
export * from './platform-events';
export * from './platform-scopes';
export * from './primitives';
export * from './validation-messages';

/**
 * The workspace model: collections, folders, saved requests, environments and history as
 * plain data; pure tree operations; validation and versioning of stored records; and the
 * redaction of secrets before anything is exported or kept in history.
 */
export * from './model';
export * from './tree';
export * from './schema';
export * from './schemaIssues';
export * from './redact';
export * from './keptSecrets';
export * from './redactResponse';
export * from './secretLedger';

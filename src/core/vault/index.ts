/**
 * The token vault's rules (spec §4.1, §5): entries and their state machine, the refresh
 * exchange and its answer, where a token may be sent, expiry and refresh timing, the
 * exchange log without secrets, and sealing at rest.
 */
export * from './entry';
export * from './entryState';
export * from './jsonPointer';
export * from './destination';
export * from './tokenRequest';
export * from './tokenResponse';
export * from './schedule';
export * from './flow';
export * from './refreshFlight';
export * from './exchangeLog';
export * from './authorization';
export * from './sealing';

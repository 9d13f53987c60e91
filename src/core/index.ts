/**
 * The conventions Wirebench implements, checks and teaches, as pure functions from data
 * to data. No React, no DOM, no `node:` imports: this runs in the page, in workers, in
 * the relay and in the sandbox. Every rule lives here once.
 */
export * from './types';
export * from './grammar';
export * from './http';
export * from './auth';
export * from './encoding';
export * from './lint';
export * from './soap';
export * from './relay';
export * from './request';
export * from './protocols';
export * from './inspect';
export * from './vault';
export * from './workspace';
export * from './lessons';
export * from './formats';
export * from './stream';
export * from './run';

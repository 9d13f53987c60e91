export * from './protocol';
export * from './errors';

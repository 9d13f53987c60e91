export * from './authDiscovery';
export * from './errorCodes';
export * from './jsonRpc';
export * from './settings';
export * from './sseReader';
export * from './toolSchema';
export * from './versions';
export * from './wire';

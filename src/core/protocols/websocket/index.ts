export * from './accept';
export * from './closeCodes';
export * from './messageFormat';
export * from './transcript';
export * from './channel';
export * from './settings';
export * from './runView';

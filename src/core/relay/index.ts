export * from './protocol';
export * from './tlsTypes';
export * from './errors';
export * from './hopsStory';

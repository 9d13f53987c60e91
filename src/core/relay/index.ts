export * from './protocol';
export * from './framing';
export * from './tlsTypes';
export * from './errors';
export * from './hopsStory';

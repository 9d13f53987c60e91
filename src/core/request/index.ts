export * from './draft';

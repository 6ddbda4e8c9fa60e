export * from './geography';
export * from './platform';
export * from './reference';

export * from './documents';
export * from './forms';
export * from './geography';
export * from './licensing';
export * from './people';
export * from './platform';
export * from './reference';
export * from './registry';

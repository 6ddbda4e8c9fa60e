export * from './demo';
export * from './factories';
export * from './geography';
export * from './reference-lists';

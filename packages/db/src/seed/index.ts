export * from './demo';
export * from './demo-forms';
export * from './factories';
export * from './geography';
export * from './reference-lists';

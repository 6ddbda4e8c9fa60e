export * from './demo';
export * from './demo-forms';
export * from './demo-requests';
export * from './factories';
export * from './geography';
export * from './reference-lists';
export * from './triggers';

export * from './national-registry';
export * from './nemsis';
export * from './places';
export * from './us-geography';
export * from './zip-county';

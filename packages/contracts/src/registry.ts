// Contracts of the registry module.
export {};

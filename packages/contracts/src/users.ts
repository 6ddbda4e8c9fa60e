// Contracts of the users module.
export {};

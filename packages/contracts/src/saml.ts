// Contracts of the saml module.
export {};

/** Who may reach which rows: the portal rules in one place, as SQL for scopes and as checks. */
export * from './policies';
export * from './roster';
export * from './scopes';
export * from './speaks-for';

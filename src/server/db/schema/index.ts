// Every entity of spec section 3 plus what RULES.md adds (ledger, audit log, contact messages, disputes).
// Background jobs live in pg-boss's own schema (`pgboss`), created by pg-boss itself (docs/decisions/003).
export * from './enums';
export * from './accounts';
export * from './mediation';
export * from './money';
export * from './platform';
export * from './cases';
export * from './scheduling';
export * from './signing';
export * from './account-data';

export * from './users';
export * from './auth';
export * from './platform';
export * from './help';
export * from './ledger';
export * from './money';
export * from './plans';
export * from './loans';

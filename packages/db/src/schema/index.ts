export * from './users';
export * from './auth';
export * from './platform';
export * from './ledger';
export * from './money';
export * from './plans';

export * from './money';
export * from './constants';
export * from './errors';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/front';
export * from './schemas/help';
export * from './schemas/markets';

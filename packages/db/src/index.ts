export * from './client';
export * from './compiled-rows';
export * as schema from './schema/index';
export * from './schema/index';

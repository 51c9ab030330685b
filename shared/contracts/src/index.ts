export * from './entities';
export * from './events';
export * from './storage';
export * from './shop';
export * from './api';
export * from './catalog';
export * from './checkout';
export * from './payments';

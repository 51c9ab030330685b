export * from './money';
export * from './cart';
export * from './payment';
export * from './phone';
export * from './dates';
export * from './cutoff';
export * from './delivery';
export * from './order';

export * from './money';
export * from './cart';
export * from './payment';
export * from './phone';
export * from './dates';

import greet, { who } from 'greeting-lib';

export const mount = () => greet('shop');
export const source = who;

/** What other domains use of the orders domain. */
export { orderRoutes } from './routes';
export { findOrder, toOrder, ORDER_NOT_FOUND, ORDER_FINISHED, type OrderRow } from './service';
export { loadSellables } from './catalogue';
export { executeOrdersCommand, parseOrdersCommand, OrdersCommandError, ORDERS_USAGE, MANUAL_PAYMENT_STATUS } from './operator';

import { api } from '@adire/api-client';
import { API_PATHS, UNTIL_RUNNING_ATTRIBUTE, type HandshakeResponse, type Order, type RegionDrawn, type RegionDrawRequest } from '@adire/contracts';
import { currenciesFromRates } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { renderToString } from 'react-dom/server';
import { CheckoutApp } from './CheckoutApp';
import styles from './checkout.module.css';
import { drawnOrderOf, DRAWN_ORDER_ANSWER } from './order/drawnOrder';
import { drawForLessData } from './summary/lessData';
import { seedDrawnOrder } from './order/useCheckoutOrder';
import { drawnLater } from './parts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Titles of the checkout's pages (the browser sets the same once it runs). */
function titleOf(url: string): string {
  return new URL(url, 'http://store.invalid').pathname.startsWith('/order-tracker') ? 'Track your order | Adire Blooms' : 'Checkout | Adire Blooms';
}

/** The order id of a checkout page (`/checkout?orderId=`), or null for any other page. */
function orderIdOf(url: string): string | null {
  const { pathname, searchParams } = new URL(url, 'http://store.invalid');
  return pathname === '/checkout' ? searchParams.get('orderId') : null;
}

/**
 * The order a checkout page shows and the shop's settings, read as the browser reads them: the API
 * (answered in process, with the same access rule: the order id is the capability; no shopper's token).
 * Null when there is no order to draw (no id, an unknown or malformed one, a failed call): the frame only.
 */
async function orderToDraw(url: string): Promise<{ order: Order; handshake: HandshakeResponse } | null> {
  const orderId = orderIdOf(url);
  if (!orderId) return null;
  const [order, handshake] = await Promise.all([api.get<Order>(API_PATHS.order(orderId)), api.get<HandshakeResponse>(API_PATHS.handshake)]);
  if (order.error || !order.data || handshake.error || !handshake.data) return null;
  const drawable = drawnOrderOf(order.data, orderId);
  return drawable ? { order: drawable, handshake: handshake.data } : null;
}

/**
 * The checkout drawn on the server by the same components the browser runs. On the page of an open
 * order that has not been checked out yet — the delivery stage, whatever the shopper's stored stage —
 * the whole stage with the order's own data: the form a guest fills in and the order's summary; the
 * order is written into the page so the browser shows the same without asking again. Otherwise (no
 * order, an unknown one, a paid one, one whose stage only the browser knows) the frame only: the
 * stages, the heading and the state before any order is read. The server does not know the shopper
 * (the session is in the browser's storage), so it draws the guest's view; the browser renders its own
 * over it (a logged-in shopper's own details then), and the controls are disabled until then. A tap
 * on one before then is kept, though: the fieldset is marked UNTIL_RUNNING_ATTRIBUTE, and the page's
 * early-tap script makes the tap on the same control of the browser's stage once it replaces the
 * drawing (issue 31, item 2): a delivery method, a day, the free account, the header's cart button. The data is read first; the render is synchronous, so this module's bus
 * and drawn order belong to one page at a time. Pages not to be indexed.
 */
export async function draw(request: RegionDrawRequest): Promise<RegionDrawn> {
  api.configure({ baseURL: '', fetch: request.fetch });
  const [drawing] = await Promise.all([orderToDraw(request.url), drawnLater()]);
  if (request.signal.aborted) throw new Error('the checkout draw was aborted');
  let html: string;
  if (drawing) {
    const { settings, deliveryZoneAmount, currencies } = drawing.handshake;
    const shopCurrencies = currenciesFromRates(currencies);
    bus.emit('settings:loaded', { settings, deliveryZoneAmount });
    bus.emit('currencies:loaded', shopCurrencies);
    bus.emit('currency:changed', shopCurrencies.find((c) => c.name === request.currency.name) ?? request.currency);
    seedDrawnOrder(drawing.order);
  }
  // The summary's pictures as the request asks (Save-Data: on), for this synchronous render only.
  drawForLessData(request.saveData === true);
  try {
    html = renderToString(
      <fieldset disabled {...{ [UNTIL_RUNNING_ATTRIBUTE]: '' }} role="presentation" className={styles.drawnControls}>
        <CheckoutApp location={request.url} />
      </fieldset>,
    );
  } finally {
    seedDrawnOrder(null);
    drawForLessData(null);
  }
  return {
    html,
    status: 200,
    answers: drawing ? { [DRAWN_ORDER_ANSWER]: drawing.order } : {},
    head: `<title>${escapeHtml(titleOf(request.url))}</title><meta name="robots" content="noindex">`,
  };
}

import { api } from '@adire/api-client';
import { API_PATHS, isKnownRoute, type Category, type FrameData, type FrameDrawn, type FrameDrawRequest, type HandshakeResponse, type ShopContact } from '@adire/contracts';
import { renderToString } from 'react-dom/server';
import { Layout } from './layout/Layout';
import { publishFrameData } from './boot/frameData';
import { drawingAt } from './pageLocation';

/** The shop-wide data of the frame: the same for every shopper (the handshake without a token has no user). */
async function frameData(): Promise<FrameData> {
  const [handshake, categories, contact] = await Promise.all([
    api.get<HandshakeResponse>(API_PATHS.handshake),
    api.get<Category[]>(API_PATHS.categories),
    api.get<ShopContact>(API_PATHS.shopContact),
  ]);
  if (handshake.error || categories.error || contact.error) {
    throw new Error(`the frame's data did not load: ${[handshake, categories, contact].find((r) => r.error)?.message}`);
  }
  const hs = handshake.data;
  return {
    handshake: hs ? { currencies: hs.currencies, settings: hs.settings, deliveryZoneAmount: hs.deliveryZoneAmount } : null,
    categories: categories.data,
    contact: contact.data,
  };
}

/**
 * The shell's frame (banner, header, menu, footer) drawn on the server by the live shell release's own
 * components. The data is loaded first; the render itself is synchronous, so this module's bus and
 * location belong to one page at a time.
 */
export async function draw(request: FrameDrawRequest): Promise<FrameDrawn> {
  api.configure({ baseURL: '', fetch: request.fetch });
  const data = await frameData();
  if (request.signal.aborted) throw new Error('the frame draw was aborted');
  const html = drawingAt(request.url, () => {
    publishFrameData(data, request.currency.name);
    return renderToString(<Layout />);
  });
  return { html, data, status: isKnownRoute(new URL(request.url, 'http://store.invalid').pathname) ? 200 : 404 };
}

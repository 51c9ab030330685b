import { BRAND, type ProductDetail } from '@adire/contracts';
import { formatPrice } from '@adire/domain';
import { whatsAppLink } from '@adire/domain/whatsapp';
import { useShopperCurrency } from '@adire/ui';
import { useState, useSyncExternalStore } from 'react';
import { useServerDraw } from '../ssr/serverDraw';
import styles from './product.module.css';

const never = () => () => {};

/**
 * Where shoppers reach the store: the server's PUBLIC_URL while it draws; in the browser the origin
 * of the page's canonical link (the same address, so a hydrating link matches), else the page's own.
 */
function useStoreOrigin(): string {
  const server = useServerDraw();
  if (server) return server.origin ?? '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return canonical ? new URL(canonical).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** The phone's own share sheet: only where the browser has one, and only once the page runs (never drawn). */
function useCanShare(): boolean {
  return useSyncExternalStore(
    never,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

/**
 * Share a product (issue 34): "Share on WhatsApp" is a plain link (it works before and without
 * scripts) with the product's name, its price in the shopper's currency and its address; "Copy link"
 * and the phone's share sheet need the page to run.
 */
export function Share({ product }: { product: ProductDetail }) {
  const currency = useShopperCurrency();
  const url = `${useStoreOrigin()}/product/${encodeURIComponent(product.slug)}`;
  const text = `${product.name} — ${formatPrice(product.price, currency)} at ${BRAND}: ${url}`;
  const canShare = useCanShare();
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      setStatus(`Copy this link: ${url}`);
    }
  }

  async function share() {
    try {
      await navigator.share({ title: product.name, text: `${product.name} — ${formatPrice(product.price, currency)} at ${BRAND}`, url });
    } catch {
      // closed without sharing: nothing to say
    }
  }

  return (
    <section className={styles.share} aria-labelledby="share-heading">
      <h2 id="share-heading">Send it to someone</h2>
      <div className={styles.shareActions}>
        <a className={styles.shareButton} href={whatsAppLink(text)} target="_blank" rel="noopener noreferrer">
          Share on WhatsApp
        </a>
        <button type="button" className={styles.shareButton} onClick={() => void copy()}>
          Copy link
        </button>
        {canShare && (
          <button type="button" className={styles.shareButton} onClick={() => void share()}>
            Share…
          </button>
        )}
      </div>
      <p role="status" className={styles.shareStatus}>
        {status}
      </p>
    </section>
  );
}

import { api } from '@adire/api-client';
import { API_PATHS, type ShopContact } from '@adire/contracts';
import { useEffect, useState } from 'react';

let cached: Promise<ShopContact | null> | null = null;
let known: ShopContact | null = null;

/** The contact data the page was drawn with (the server's draw, then the browser's first render). */
export function seedShopContact(contact: ShopContact | null): void {
  known = contact;
  if (contact) cached = Promise.resolve(contact);
}

/** The shop's contact data, fetched once per page and shared by the footer and the contact section. */
export function useShopContact(): ShopContact | null {
  const [contact, setContact] = useState<ShopContact | null>(() => known);
  useEffect(() => {
    cached ??= api.get<ShopContact>(API_PATHS.shopContact).then((res) => res.data);
    let live = true;
    void cached.then((c) => live && setContact(c));
    return () => {
      live = false;
    };
  }, []);
  return contact;
}

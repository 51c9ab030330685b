import { api } from '@adire/api-client';
import { API_PATHS, type Branch, type PickupLocationCode, type ShopContact } from '@adire/contracts';
import { useEffect, useState } from 'react';

let cached: Promise<ShopContact | null> | null = null;

/** The shop's contact data (branches with their pick-up codes, bank details), fetched once per page. */
export function useShopContact(): ShopContact | null {
  const [contact, setContact] = useState<ShopContact | null>(null);
  useEffect(() => {
    cached ??= api.get<ShopContact>(API_PATHS.shopContact).then((res) => {
      if (res.error) cached = null; // try again on the next mount
      return res.data;
    });
    let live = true;
    void cached.then((c) => live && setContact(c));
    return () => {
      live = false;
    };
  }, []);
  return contact;
}

export function branchFor(contact: ShopContact | null, code: PickupLocationCode | ''): Branch | null {
  if (!code) return null;
  return contact?.branches.find((b) => b.pickupCode === code) ?? null;
}

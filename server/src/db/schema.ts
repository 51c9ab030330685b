import type { Generated } from 'kysely';

export interface CategoryTable {
  slug: string;
  name: string;
  menu_group: 'occasions' | 'flowers' | 'gifts' | 'plants';
  position: number;
}

export interface ProductTable {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price_ngn: number;
  image: string;
  category_slug: string;
  relevance_order: number;
}

export interface CurrencyTable {
  name: string;
  conversion_rate: number;
}

/** Small key → JSON documents: delivery settings, alert settings, shop contact. */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  raw: string;
  transport: 'outbox' | 'smtp';
  created_at: string;
}

export interface Database {
  category: CategoryTable;
  product: ProductTable;
  currency: CurrencyTable;
  setting: SettingTable;
  mail_outbox: MailOutboxTable;
}

export type { Generated };

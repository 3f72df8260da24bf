// The shapes of `data.product` (spec §2.11) and `data.menu` (spec §2.12).

export interface Price {
  amount: number;
  /** ISO 4217, only when the page states it (a bare "$" names no one currency). */
  currency?: string;
  /** As the page shows it when it shows one, else formatted from amount and currency. */
  formatted?: string;
}

export interface ImageRef {
  url: string;
  alt?: string;
}

export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  values?: Record<string, string>;
  price?: Price;
  /** Present only when discounted: the price before the discount. */
  sale?: { originalPrice: Price };
  availability: { inStock: boolean; text?: string };
  images?: ImageRef[];
}

export interface Product {
  title: string;
  brand?: string;
  /** The breadcrumb path ("Men > Shoes > Running") when the page has one, else the stated category. */
  category?: string;
  /** Canonical URL. */
  url: string;
  description?: string;
  variants: ProductVariant[];
}

export interface MenuItem {
  id?: string;
  name: string;
  description: string | null;
  images?: { url: string; alt: string | null }[];
  price?: Price;
  availability?: { inStock: boolean; text: string | null };
  dietary?: string[];
  calories?: number | null;
  identifiers?: { merchantItemId: string };
  url?: string | null;
}

export interface MenuSection {
  id?: string;
  name: string;
  description: string | null;
  items: MenuItem[];
}

export interface Menu {
  isMenu: boolean;
  /** How sure we are that the page is a menu, 0..1. */
  confidence: number;
  merchant?: { name: string; type?: string };
  /** ISO 4217, only when the page states it. */
  currency?: string;
  sourceUrl: string | null;
  sections: MenuSection[];
}

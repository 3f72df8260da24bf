import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../html/parseHtml.js';
import { extractMenu } from './extractMenu.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.html`, import.meta.url), 'utf8');
const menuOf = (name: string) => extractMenu(parseHtml(fixture(name)), `https://fixture.example/${name}`);

describe('extractMenu (exact output)', () => {
  it('schema.org Restaurant \u2192 Menu \u2192 MenuSection \u2192 MenuItem: diets, calories, availability, images, merchant, stated currency', () => {
    const expected = {
      isMenu: true,
      confidence: 0.95,
      merchant: {
        name: 'Olive & Thyme Trattoria',
        type: 'Restaurant',
      },
      currency: 'EUR',
      sourceUrl: 'https://fixture.example/menu-schema',
      sections: [
        {
          name: 'Antipasti',
          description: 'To share, or not.',
          items: [
            {
              name: 'Bruschetta al Pomodoro',
              description: 'Grilled sourdough, vine tomatoes, basil, garlic.',
              price: {
                amount: 8.5,
                currency: 'EUR',
                formatted: '€8.50',
              },
              dietary: ['vegan'],
              calories: 320,
            },
            {
              name: 'Burrata',
              description: 'Apulian burrata, blood orange, pistachio.',
              images: [
                {
                  url: 'https://fixture.example/img/burrata.jpg',
                  alt: null,
                },
              ],
              price: {
                amount: 12,
                currency: 'EUR',
                formatted: '€12.00',
              },
              availability: {
                inStock: false,
                text: 'SoldOut',
              },
              dietary: ['vegetarian', 'gluten-free'],
            },
          ],
        },
        {
          name: 'Pasta',
          description: null,
          items: [
            {
              name: 'Tagliatelle al Ragù',
              description: 'Slow-cooked beef and pork ragù.',
              price: {
                amount: 17.5,
                currency: 'EUR',
                formatted: '€17.50',
              },
              availability: {
                inStock: true,
                text: 'InStock',
              },
            },
            {
              name: 'Cacio e Pepe',
              description: null,
              price: {
                amount: 15,
                currency: 'EUR',
                formatted: '€15.00',
              },
            },
          ],
        },
      ],
    };
    const menu = menuOf('menu-schema');
    expect(menu).toStrictEqual(expected);
    expect(JSON.stringify(menu)).toBe(JSON.stringify(expected));
  });

  it('plain HTML menu: headings as sections, name/description/price blocks, "name ..... price" lines, diet markers, kcal, og:site_name as merchant', () => {
    const expected = {
      isMenu: true,
      confidence: 0.84,
      merchant: {
        name: 'The Copper Kettle Café',
      },
      currency: 'GBP',
      sourceUrl: 'https://fixture.example/menu-html',
      sections: [
        {
          name: 'Breakfast',
          description: null,
          items: [
            {
              name: 'Full Breakfast',
              description: 'Two eggs, bacon, sausage, beans, toast.',
              price: {
                amount: 11.5,
                currency: 'GBP',
                formatted: '£11.50',
              },
            },
            {
              name: 'Avocado Toast',
              description: 'Sourdough, smashed avocado, chilli, lime. 410 kcal',
              price: {
                amount: 8.95,
                currency: 'GBP',
                formatted: '£8.95',
              },
              dietary: ['vegan'],
              calories: 410,
            },
            {
              name: 'Porridge',
              description: 'Oats, berries, honey.',
              price: {
                amount: 6,
                currency: 'GBP',
                formatted: '£6.00',
              },
              dietary: ['vegetarian', 'gluten-free'],
            },
          ],
        },
        {
          name: 'Drinks',
          description: null,
          items: [
            {
              name: 'Flat White',
              description: null,
              price: {
                amount: 3.4,
                currency: 'GBP',
                formatted: '£3.40',
              },
            },
            {
              name: 'Pot of Tea',
              description: null,
              price: {
                amount: 2.8,
                currency: 'GBP',
                formatted: '£2.80',
              },
            },
            {
              name: 'Homemade Lemonade',
              description: null,
              images: [
                {
                  url: 'https://fixture.example/img/lemonade.jpg',
                  alt: 'Lemonade',
                },
              ],
              price: {
                amount: 3.2,
                currency: 'GBP',
                formatted: '£3.20',
              },
            },
          ],
        },
      ],
    };
    const menu = menuOf('menu-html');
    expect(menu).toStrictEqual(expected);
    expect(JSON.stringify(menu)).toBe(JSON.stringify(expected));
  });
});

describe('pages that are not menus', () => {
  it.each(['article', 'product-jsonld', 'product-markup', 'product-og'])(
    '%s: isMenu false, no sections, low confidence',
    (name) => {
      const menu = menuOf(name);
      expect(menu.isMenu).toBe(false);
      expect(menu.sections).toStrictEqual([]);
      expect(menu.confidence).toBeLessThan(0.6);
      expect(menu.currency).toBeUndefined();
    },
  );
  it('a price list of a shop (buy buttons) is not a menu even with menu-like rows', () => {
    const rows = ['Kettle', 'Toaster', 'Blender', 'Juicer']
      .map(
        (n, i) =>
          `<div class="card"><h3>${n}</h3><span class="price">£${20 + i}.00</span><button>Add to basket</button></div>`,
      )
      .join('');
    const menu = extractMenu(
      parseHtml(`<title>Small appliances</title><h2>Kitchen</h2>${rows}`),
      'https://shop.example/',
    );
    expect(menu.isMenu).toBe(false);
  });
});

describe('currency only when stated', () => {
  it('a bare $ menu has prices but no currency', () => {
    const items = ['Burger', 'Fries', 'Shake', 'Salad']
      .map((n, i) => `<li><strong>${n}</strong> <span class="price">$${5 + i}.50</span></li>`)
      .join('');
    const menu = extractMenu(
      parseHtml(`<title>Lunch Menu</title><h2>Lunch</h2><ul>${items}</ul>`),
      'https://diner.example/',
    );
    expect(menu.isMenu).toBe(true);
    expect(menu.currency).toBeUndefined();
    expect(menu.sections[0]!.items[0]!.price).toStrictEqual({ amount: 5.5, formatted: '$5.50' });
  });
});

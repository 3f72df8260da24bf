// product, menu and the LLM formats end to end: POST /v2/scrape on the real server and scraper, pages served on
// 127.0.0.1 (the core's structured-data fixtures), the model an OpenAI-compatible test double on 127.0.0.1.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScraper } from '@scrape/scraper';
import { listenLocal, useStarted } from '@scrape/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { completion, startOpenAiDouble } from '@scrape/test-support/openAiDouble';
import { startService } from './startService.js';

const FIXTURES = new URL('../../core/src/structured/fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.html`, FIXTURES), 'utf8');

/** The page at /tracked, changed between scrapes by the changeTracking test. */
let trackedPrice = '10.00';

const env = useStarted(async (own) => {
  const pages = own(
    await listenLocal((_req, res, path) => {
      const html =
        path === '/tracked'
          ? `<html><body><main><h1>Harbour Ferry Fares</h1><p>Single fare: ${trackedPrice} EUR.</p><p>Monthly pass: ` +
            `96.00 EUR.</p></main></body></html>`
          : /^\/[a-z-]+$/.test(path)
            ? (() => {
                try {
                  return fixture(path.slice(1));
                } catch {
                  return undefined;
                }
              })()
            : undefined;
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html ?? 'not found');
    }),
  );
  const llm = own(await startOpenAiDouble());
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-formats-e2e-'));
  own({ close: () => rmSync(dataDir, { recursive: true, force: true }) });
  const scraper = own(
    createScraper({
      allowPrivateUrls: true,
      dataDir,
      engines: { browser: false },
      llm: { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1 },
    }),
  );
  const svc = own(await startService({ scraper }));
  const bare = own(
    await startService({
      scraper: createScraper({ allowPrivateUrls: true, cache: false, engines: { browser: false }, llm: false }),
    }),
  );
  return { origin: pages.origin, llm, svc, bare };
});
beforeEach(() => env.llm.reset());

describe('product (no LLM)', () => {
  it('a JSON-LD product page: the exact product, alongside the usual markdown', async () => {
    const { status, body } = await env.bare.scrape({
      url: `${env.origin}/product-jsonld`,
      formats: ['markdown', 'product'],
    });
    expect(status).toBe(200);
    expect(body.data.product).toStrictEqual({
      title: 'Trailblazer 2 Running Shoe',
      brand: 'Northpeak',
      category: "Men's Shoes > Running",
      url: 'https://shop.northpeak.example/p/trailblazer-2',
      description: 'A lightweight trail shoe with a 5 mm lug outsole & a rock plate.',
      variants: [
        {
          id: 'TB2-2024',
          sku: 'NP-TB2-M',
          price: { amount: 119.95, currency: 'USD', formatted: '$119.95' },
          sale: { originalPrice: { amount: 149.95, currency: 'USD', formatted: '$149.95' } },
          availability: { inStock: true, text: 'InStock' },
          images: [
            { url: `${env.origin}/img/tb2-side.jpg` },
            { url: 'https://cdn.northpeak.example/img/tb2-sole.jpg', alt: 'Outsole' },
          ],
        },
      ],
    });
    expect(body.data.markdown).toContain('# Trailblazer 2 Running Shoe');
    expect(body.data.markdown).not.toContain('application/ld+json');
  });

  it('a microdata-only page', async () => {
    const { body } = await env.bare.scrape({ url: `${env.origin}/product-microdata`, formats: ['product'] });
    expect(body.data.product).toStrictEqual({
      title: 'Espressokanne Classica 6 Tassen',
      brand: 'Berger',
      url: `${env.origin}/product-microdata`,
      description: 'Aluminium-Espressokanne für 6 Tassen, für Gas- und Elektroherde.',
      variants: [
        {
          sku: 'KB-1006',
          price: { amount: 34.9, currency: 'EUR', formatted: '€34.90' },
          availability: { inStock: false, text: 'OutOfStock' },
          images: [{ url: `${env.origin}/bilder/classica-6.jpg` }],
        },
      ],
    });
    expect(Object.keys(body.data).sort()).toEqual(['metadata', 'product']);
  });

  it('an Open Graph-only page and an RDFa page', async () => {
    const og = await env.bare.scrape({ url: `${env.origin}/product-og`, formats: ['product'] });
    expect(og.body.data.product.variants[0]).toStrictEqual({
      sku: 'MUG-OAT-350',
      price: { amount: 25.6, currency: 'EUR', formatted: '€25.60' },
      sale: { originalPrice: { amount: 32, currency: 'EUR', formatted: '€32.00' } },
      availability: { inStock: true, text: 'in stock' },
      images: [{ url: 'https://claystudio.example/mug-1.jpg' }, { url: 'https://claystudio.example/mug-2.jpg' }],
    });
    const rdfa = await env.bare.scrape({ url: `${env.origin}/product-rdfa`, formats: ['product'] });
    expect(rdfa.body.data.product).toMatchObject({ title: 'Field Notes Ledger, A5', brand: 'Papermill Co.' });
    expect(rdfa.body.data.product.variants[0].price).toStrictEqual({
      amount: 24,
      currency: 'CAD',
      formatted: 'CA$24.00',
    });
  });

  it('a page that is not a product: null; and not a menu', async () => {
    const { status, body } = await env.bare.scrape({ url: `${env.origin}/article`, formats: ['product', 'menu'] });
    expect(status).toBe(200);
    expect(body.data.product).toBeNull();
    expect(body.data.menu).toStrictEqual({
      isMenu: false,
      confidence: 0,
      sourceUrl: `${env.origin}/article`,
      sections: [],
    });
  });
});

describe('menu (no LLM)', () => {
  it('schema.org Restaurant menu', async () => {
    const { body } = await env.bare.scrape({ url: `${env.origin}/menu-schema`, formats: ['menu'] });
    const menu = body.data.menu;
    expect(menu).toMatchObject({
      isMenu: true,
      confidence: 0.95,
      merchant: { name: 'Olive & Thyme Trattoria', type: 'Restaurant' },
      currency: 'EUR',
      sourceUrl: `${env.origin}/menu-schema`,
    });
    expect(menu.sections.map((s: { name: string }) => s.name)).toEqual(['Antipasti', 'Pasta']);
    expect(menu.sections[0].items[1]).toStrictEqual({
      name: 'Burrata',
      description: 'Apulian burrata, blood orange, pistachio.',
      images: [{ url: `${env.origin}/img/burrata.jpg`, alt: null }],
      price: { amount: 12, currency: 'EUR', formatted: '€12.00' },
      availability: { inStock: false, text: 'SoldOut' },
      dietary: ['vegetarian', 'gluten-free'],
    });
  });

  it('a plain HTML menu', async () => {
    const { body } = await env.bare.scrape({ url: `${env.origin}/menu-html`, formats: ['menu'] });
    const menu = body.data.menu;
    expect(menu).toMatchObject({
      isMenu: true,
      confidence: 0.84,
      merchant: { name: 'The Copper Kettle Café' },
      currency: 'GBP',
    });
    expect(
      menu.sections.map((s: { name: string; items: { name: string }[] }) => [s.name, s.items.map((i) => i.name)]),
    ).toEqual([
      ['Breakfast', ['Full Breakfast', 'Avocado Toast', 'Porridge']],
      ['Drinks', ['Flat White', 'Pot of Tea', 'Homemade Lemonade']],
    ]);
    expect(menu.sections[0].items[1]).toStrictEqual({
      name: 'Avocado Toast',
      description: 'Sourdough, smashed avocado, chilli, lime. 410 kcal',
      price: { amount: 8.95, currency: 'GBP', formatted: '£8.95' },
      dietary: ['vegan'],
      calories: 410,
    });
  });
});

describe('LLM formats through the service', () => {
  it('without a configured server: 400 naming SCRAPE_LLM_BASE_URL, never an empty success', async () => {
    const { status, body } = await env.bare.scrape({ url: `${env.origin}/article`, formats: ['summary'] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_LLM_NOT_CONFIGURED' });
    expect(body.error).toContain('SCRAPE_LLM_BASE_URL');
  });

  it('summary and question in one scrape', async () => {
    env.llm.reply(
      (req) =>
        completion(req.body.messages[1].content.startsWith('Question:') ? 'It rose to $4.50.' : 'Ferry fares went up.'),
      (req) =>
        completion(req.body.messages[1].content.startsWith('Question:') ? 'It rose to $4.50.' : 'Ferry fares went up.'),
    );
    const { status, body } = await env.svc.scrape({
      url: `${env.origin}/article`,
      formats: ['summary', { type: 'question', question: 'What is the single fare?' }],
      maxAge: 0,
    });
    expect(status).toBe(200);
    expect(body.data.summary).toBe('Ferry fares went up.');
    expect(body.data.answer).toBe('It rose to $4.50.');
    expect(env.llm.requests).toHaveLength(2);
  });

  it('json: schema mismatch after the repair turn → 422; prompt injection → 403', async () => {
    const schema = { type: 'object', properties: { fare: { type: 'number' } }, required: ['fare'] };
    env.llm.reply(completion('{"fare":"four fifty"}'), completion('{"fare":"4.50"}'));
    const bad = await env.svc.scrape({ url: `${env.origin}/article`, formats: [{ type: 'json', schema }], maxAge: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, code: 'SCRAPE_LLM_EXTRACTION_FAILED' });
    env.llm.reply(completion('{"promptInjectionDetected":true,"data":{"fare":0}}'));
    const flagged = await env.svc.scrape({
      url: `${env.origin}/article`,
      formats: [{ type: 'json', schema, checkPromptInjection: true }],
      maxAge: 0,
    });
    expect(flagged.status).toBe(403);
    expect(flagged.body).toMatchObject({
      success: false,
      error: 'SCRAPE_PROMPT_INJECTION_DETECTED',
      code: 'SCRAPE_PROMPT_INJECTION_DETECTED',
    });
  });

  it('changeTracking json mode: keys whose values changed since the previous scrape, with both values', async () => {
    // The double reads the fare from the page it is shown, like a model would.
    env.llm.fallback((req) => {
      const fare = /Single fare: ([\d.]+) EUR/.exec(req.body.messages[1].content)?.[1];
      return completion(JSON.stringify({ fare: Number(fare), pass: 96 }));
    });
    const format = {
      type: 'changeTracking',
      modes: ['json'],
      schema: { type: 'object', properties: { fare: { type: 'number' }, pass: { type: 'number' } } },
    };
    try {
      trackedPrice = '10.00';
      const first = await env.svc.scrape({ url: `${env.origin}/tracked`, formats: ['markdown', format], maxAge: 0 });
      expect(first.status).toBe(200);
      expect(first.body.data.changeTracking).toStrictEqual({
        previousScrapeAt: null,
        changeStatus: 'new',
        visibility: 'visible',
        json: { fare: { previous: null, current: 10 }, pass: { previous: null, current: 96 } },
      });
      trackedPrice = '12.50';
      const second = await env.svc.scrape({ url: `${env.origin}/tracked`, formats: ['markdown', format], maxAge: 0 });
      expect(second.body.data.changeTracking).toMatchObject({
        changeStatus: 'changed',
        json: { fare: { previous: 10, current: 12.5 } },
      });
      expect(Object.keys(second.body.data.changeTracking.json)).toEqual(['fare']);
      // The second scrape asked the model about both versions of the page.
      const shown = env.llm.requests
        .slice(-2)
        .map((r) => /Single fare: ([\d.]+)/.exec(r.body.messages[1].content)?.[1])
        .sort();
      expect(shown).toEqual(['10.00', '12.50']);
    } finally {
      env.llm.fallback(() => ({ status: 500, json: {} }));
    }
  });
});

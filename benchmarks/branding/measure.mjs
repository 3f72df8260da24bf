// Shared by index.mjs and smoke.mjs: the in-page branding pass (@scrape/browser `branding: true`) on generated pages
// of growing size, against the same render without it, and the scraper's shaping of the facts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { createBrowserPool } = await import(new URL('../../packages/browser/dist/index.js', import.meta.url));
const { shapeBranding } = await import(
  new URL('../../packages/scraper/dist/branding/shapeBranding.js', import.meta.url)
);

const LANDING = readFileSync(
  new URL('../../packages/scraper/test/fixtures/branding-landing.html', import.meta.url),
  'utf8',
);

/** The fixture landing page with `blocks` extra content sections (each ~10 elements with text, a link and a button). */
export function pageWith(blocks) {
  const block = (i) =>
    `<section><h3>Station ${i}</h3><p>High water at <b>${i % 24}:00</b>, low water six hours later; see <a href="/s/${i}">details</a>.</p>` +
    `<ul><li>Range ${i % 7} m</li><li>Coefficient ${i % 120}</li></ul><p><a class="btn btn-secondary" href="/alert/${i}">Alert me</a></p></section>`;
  return LANDING.replace('</main>', `${Array.from({ length: blocks }, (_, i) => block(i)).join('')}</main>`);
}

export async function startSite(sizes) {
  const pages = new Map(sizes.map((n) => [`/p${n}`, pageWith(n)]));
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run({ sizes, iterations }) {
  const site = await startSite(sizes);
  const pool = createBrowserPool({ maxConcurrency: 1 });
  const rows = [];
  const failures = [];
  try {
    await pool.render({ url: `${site.base}/p${sizes[0]}`, timeout: 30_000 }); // launch outside the figures
    for (const n of sizes) {
      const plain = [];
      const withBranding = [];
      const pass = [];
      const shape = [];
      for (let i = 0; i < iterations; i++) {
        plain.push((await pool.render({ url: `${site.base}/p${n}`, timeout: 30_000 })).timings.totalMs);
        const r = await pool.render({ url: `${site.base}/p${n}`, timeout: 30_000, branding: true });
        withBranding.push(r.timings.totalMs);
        pass.push(r.timings.brandingMs);
        if (!r.branding) {
          failures.push(`p${n}: no branding facts`);
          continue;
        }
        const t = performance.now();
        const b = shapeBranding(r.branding);
        shape.push(performance.now() - t);
        if (b.colors.primary !== '#e11d48' || b.typography.fontFamilies.heading !== 'Playfair Display')
          failures.push(`p${n}: wrong branding ${JSON.stringify(b.colors)}`);
      }
      rows.push({
        'content blocks': n,
        'render ms': Math.round(median(plain)),
        'render+branding ms': Math.round(median(withBranding)),
        'in-page pass ms': Math.round(median(pass)),
        'shape ms': median(shape)?.toFixed(2),
      });
    }
  } finally {
    await pool.close();
    await site.close();
  }
  return { rows, failures };
}

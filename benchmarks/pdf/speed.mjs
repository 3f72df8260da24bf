// Pages per second: our fast mode (blocks + markers + pages) against raw MuPDF structured text and pdf.js text.
import * as mupdf from 'mupdf';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { parsePdf } from '@scrape/core';

/** Issue 7's goals: at least this share of raw MuPDF's speed, and this multiple of pdf.js's. */
export const GOAL_VS_MUPDF = 0.75;
export const GOAL_VS_PDFJS = 2;

async function ours(doc) {
  const r = await parsePdf(doc.bytes, { mode: 'fast', blocks: true, pageMarkers: true, pages: true });
  return r.numPages;
}

/** What MuPDF itself gives: structured text of every page as JSON (the text, fonts and boxes, no layout). */
async function rawMupdf(doc) {
  const d = mupdf.Document.openDocument(doc.bytes, 'application/pdf');
  const n = d.countPages();
  for (let i = 0; i < n; i++) {
    const page = d.loadPage(i);
    const st = page.toStructuredText('preserve-whitespace');
    JSON.parse(st.asJSON());
    st.destroy();
    page.destroy();
  }
  d.destroy();
  return n;
}

async function pdfjs(doc) {
  // pdf.js takes ownership of (detaches) the buffer it is given.
  const task = getDocument({
    data: doc.bytes.slice(),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  const d = await task.promise;
  for (let i = 1; i <= d.numPages; i++) {
    const page = await d.getPage(i);
    await page.getTextContent();
    page.cleanup();
  }
  const n = d.numPages;
  await d.destroy();
  return n;
}

export const CONTENDERS = {
  'ours: fast + blocks + markers': ours,
  'raw MuPDF stext JSON': rawMupdf,
  'pdf.js 5.4 getTextContent': pdfjs,
};

/**
 * After one untimed warm-up pass (JIT, wasm, font caches), `rounds` passes over the corpus in which the contenders
 * take turns on each document, so a noisy shared machine slows them alike. Wall time gives pages/s; the ratios are
 * also given on process CPU time, which other processes on the machine disturb less.
 */
export async function measureSpeed(corpus, { rounds = 1 } = {}) {
  const entries = Object.entries(CONTENDERS);
  for (const doc of corpus) for (const [, fn] of entries) await fn(doc);
  const acc = entries.map(([name]) => ({ name, pages: 0, ms: 0, cpuMs: 0 }));
  for (let r = 0; r < rounds; r++)
    for (const doc of corpus)
      for (const [i, [, fn]] of entries.entries()) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        acc[i].pages += await fn(doc);
        acc[i].ms += performance.now() - started;
        const used = process.cpuUsage(cpu);
        acc[i].cpuMs += (used.user + used.system) / 1000;
      }
  const rows = acc.map((a) => ({
    ...a,
    pagesPerSecond: (a.pages * 1000) / a.ms,
    pagesPerCpuSecond: (a.pages * 1000) / a.cpuMs,
  }));
  const [o, m, p] = rows;
  return {
    rows,
    vsMupdf: o.pagesPerSecond / m.pagesPerSecond,
    vsPdfjs: o.pagesPerSecond / p.pagesPerSecond,
    cpuVsMupdf: o.pagesPerCpuSecond / m.pagesPerCpuSecond,
    cpuVsPdfjs: o.pagesPerCpuSecond / p.pagesPerCpuSecond,
  };
}

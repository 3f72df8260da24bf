// The playground: plain browser JavaScript over the public v2 API (what it does, a user's code can do). No build step.
// The API key lives in sessionStorage only (gone when the tab closes); scraped content is always escaped.
'use strict';

const KEY_STORAGE = 'scrape-playground-key';
const CRAWL_POLL_MS = 1000;
const $ = (id) => document.getElementById(id);

function apiKey() {
  return sessionStorage.getItem(KEY_STORAGE) || '';
}

/** One API call; a 401 opens the key panel. Resolves with { status, body }. */
async function api(method, path, body) {
  const headers = {};
  if (apiKey()) headers.authorization = `Bearer ${apiKey()}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let parsed = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = { success: false, error: `HTTP ${res.status}` };
  }
  if (res.status === 401) {
    $('key-panel').hidden = false;
    if (apiKey()) $('key-error').textContent = 'That key was refused.';
  }
  return { status: res.status, body: parsed };
}

function errorText(result) {
  const b = result.body || {};
  return `${result.status}: ${b.error || 'request failed'}${b.code ? ` (${b.code})` : ''}`;
}

// ---- markdown -> HTML (a small, escaping renderer: headings, lists, quotes, code, links, emphasis) ----

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function safeHref(href) {
  try {
    const url = new URL(href, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function inline(text) {
  const codes = [];
  let out = escapeHtml(text).replace(/`([^`]+)`/g, (_, code) => `\u0000${codes.push(code) - 1}\u0000`);
  // Images are shown as links: the page loads nothing from the scraped site.
  out = out.replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, alt, href) => link(`image: ${alt || 'untitled'}`, href));
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label, href) => link(label, href));
  out = out
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1<em>$2</em>');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL delimits the code-span placeholders
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

function link(label, escapedHref) {
  const href = safeHref(escapedHref.replace(/&amp;/g, '&'));
  return href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${label}</a>` : label;
}

function renderMarkdown(markdown) {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const html = [];
  let list = null;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const closeList = () => {
    if (list) html.push(`</${list}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      flush();
      closeList();
      const code = [];
      while (++i < lines.length && !/^```/.test(lines[i])) code.push(lines[i]);
      html.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      closeList();
      html.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (item) {
      flush();
      const kind = item[1] ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        html.push(`<${kind}>`);
        list = kind;
      }
      html.push(`<li>${inline(item[3])}</li>`);
    } else if (/^>\s?/.test(line)) {
      flush();
      closeList();
      html.push(`<blockquote>${inline(line.replace(/^>\s?/, ''))}</blockquote>`);
    } else if (/^\s*$/.test(line)) {
      flush();
      closeList();
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      closeList();
      html.push('<hr>');
    } else {
      closeList();
      paragraph.push(line.trim());
    }
  }
  flush();
  closeList();
  return html.join('\n');
}

// ---- usage panel ----

async function refreshUsage() {
  const [credits, queue] = await Promise.all([
    api('GET', '/v2/team/credit-usage'),
    api('GET', '/v2/team/queue-status'),
  ]);
  if (credits.status === 200) {
    const remaining = credits.body.data?.remainingCredits;
    $('usage-credits').textContent = remaining >= 1e12 ? 'unlimited' : String(remaining ?? '?');
  }
  if (queue.status === 200) {
    $('usage-queue').textContent =
      `${queue.body.activeJobsInQueue ?? 0} active, ${queue.body.waitingJobsInQueue ?? 0} waiting`;
  }
  if (credits.status === 200 || queue.status === 200) $('key-panel').hidden = true;
}

// ---- scrape ----

function scrapeBody() {
  const formats = [...document.querySelectorAll('input[name=format]:checked')].map((i) => i.value);
  const body = {
    url: $('scrape-url').value.trim(),
    formats,
    onlyMainContent: $('opt-main').checked,
    mobile: $('opt-mobile').checked,
  };
  const waitFor = Number($('opt-wait').value);
  if (waitFor > 0) body.waitFor = waitFor;
  if ($('opt-maxage').value !== '') body.maxAge = Number($('opt-maxage').value);
  const actions = $('opt-actions').value.trim();
  if (actions) body.actions = JSON.parse(actions);
  return body;
}

async function scrape(event) {
  event.preventDefault();
  let body;
  try {
    body = scrapeBody();
  } catch (error) {
    $('scrape-status').textContent = `actions is not valid JSON: ${error.message}`;
    $('scrape-status').className = 'error';
    return;
  }
  $('scrape-button').disabled = true;
  $('scrape-status').className = '';
  $('scrape-status').textContent = 'Scraping…';
  const started = performance.now();
  try {
    const result = await api('POST', '/v2/scrape', body);
    if (result.status !== 200 || !result.body.success) {
      $('scrape-status').textContent = errorText(result);
      $('scrape-status').className = 'error';
      return;
    }
    const doc = result.body.data;
    const m = doc.metadata || {};
    $('scrape-status').textContent =
      `Done in ${Math.round(performance.now() - started)} ms: ${m.statusCode ?? '?'} via ${m.engine ?? '?'}, cache ${m.cacheState ?? '?'}, ${m.creditsUsed ?? '?'} credit(s).`;
    $('out-rendered').innerHTML = doc.markdown
      ? renderMarkdown(doc.markdown)
      : '<p class="muted">No markdown format asked for.</p>';
    $('out-markdown').textContent = doc.markdown ?? doc.html ?? (doc.links ? doc.links.join('\n') : '');
    $('out-metadata').textContent = JSON.stringify(m, null, 2);
    const shot = $('out-screenshot');
    shot.textContent = '';
    if (typeof doc.screenshot === 'string' && safeHref(doc.screenshot)) {
      const img = document.createElement('img');
      img.alt = 'Screenshot of the page';
      img.src = doc.screenshot;
      shot.append(img);
    } else {
      shot.innerHTML = '<p class="muted">Tick “screenshot” to get one.</p>';
    }
  } catch (error) {
    $('scrape-status').textContent = `The request failed: ${error.message}`;
    $('scrape-status').className = 'error';
  } finally {
    $('scrape-button').disabled = false;
    void refreshUsage();
  }
}

// ---- crawl ----

let crawlId = null;

async function startCrawl(event) {
  event.preventDefault();
  const body = {
    url: $('crawl-url').value.trim(),
    limit: Number($('crawl-limit').value) || 10,
    scrapeOptions: { formats: ['markdown'] },
  };
  if ($('crawl-depth').value !== '') body.maxDiscoveryDepth = Number($('crawl-depth').value);
  $('crawl-pages').textContent = '';
  $('crawl-progress').value = 0;
  $('crawl-progress').max = 1;
  $('crawl-count').textContent = '0 / 0';
  const started = await api('POST', '/v2/crawl', body);
  if (started.status !== 200 || !started.body.success) {
    $('crawl-status').textContent = errorText(started);
    $('crawl-status').className = 'error';
    return;
  }
  crawlId = started.body.id;
  $('crawl-status').className = '';
  $('crawl-status').textContent = `Crawl ${crawlId} running…`;
  $('crawl-button').disabled = true;
  $('crawl-cancel').disabled = false;
  await followCrawl(crawlId);
}

/** Polls the status route; pages are listed as they arrive (the status answer pages its documents with `next`). */
async function followCrawl(id) {
  const seen = new Set();
  for (;;) {
    const status = await readCrawlPages(id, seen);
    if (!status) return finishCrawl();
    showCrawlProgress(status);
    if (status.status !== 'scraping') {
      $('crawl-status').textContent =
        `Crawl ${status.status}: ${status.completed} page(s), ${status.creditsUsed ?? 0} credit(s).`;
      return finishCrawl();
    }
    if (crawlId !== id) return;
    await new Promise((r) => setTimeout(r, CRAWL_POLL_MS));
  }
}

/** Reads every page of the crawl's status, listing documents not `seen` yet; the first page's body, or null (shown). */
async function readCrawlPages(id, seen) {
  let path = `/v2/crawl/${encodeURIComponent(id)}`;
  let status;
  while (path) {
    const page = await api('GET', path);
    if (page.status !== 200) {
      $('crawl-status').textContent = errorText(page);
      $('crawl-status').className = 'error';
      return null;
    }
    status = status ?? page.body;
    listCrawlPages(page.body.data || [], seen);
    path = page.body.next
      ? new URL(page.body.next, location.href).pathname + new URL(page.body.next, location.href).search
      : null;
  }
  return status;
}

/** Appends each document not listed yet: its URL and title. */
function listCrawlPages(docs, seen) {
  for (const doc of docs) {
    const url = doc.metadata?.sourceURL || doc.metadata?.url || '';
    if (seen.has(url)) continue;
    seen.add(url);
    const li = document.createElement('li');
    const title = document.createElement('span');
    title.textContent = doc.metadata?.title ? ` — ${doc.metadata.title}` : '';
    li.append(document.createTextNode(url), title);
    $('crawl-pages').append(li);
  }
}

function showCrawlProgress(status) {
  const total = Math.max(status.total || 0, status.completed || 0);
  $('crawl-progress').max = Math.max(1, total);
  $('crawl-progress').value = status.completed || 0;
  $('crawl-count').textContent = `${status.completed || 0} / ${total}`;
}

function finishCrawl() {
  crawlId = null;
  $('crawl-button').disabled = false;
  $('crawl-cancel').disabled = true;
  void refreshUsage();
}

async function cancelCrawl() {
  if (!crawlId) return;
  await api('DELETE', `/v2/crawl/${encodeURIComponent(crawlId)}`);
}

// ---- wiring ----

document.addEventListener('DOMContentLoaded', () => {
  for (const tab of document.querySelectorAll('.tab')) {
    tab.addEventListener('click', () => {
      for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t === tab);
      for (const panel of document.querySelectorAll('.tab-panel')) panel.hidden = panel.id !== `tab-${tab.dataset.tab}`;
    });
  }
  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, $('api-key').value.trim());
    $('api-key').value = '';
    $('key-error').textContent = '';
    void refreshUsage();
  });
  $('scrape-form').addEventListener('submit', scrape);
  $('crawl-form').addEventListener('submit', startCrawl);
  $('crawl-cancel').addEventListener('click', cancelCrawl);
  $('usage-refresh').addEventListener('click', refreshUsage);
  void refreshUsage();
});

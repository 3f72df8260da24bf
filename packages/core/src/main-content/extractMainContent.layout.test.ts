import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { chrome, footer, pageWithHead as page, para, text } from './testPages.fixture.js';

describe('extractMainContent: contents tables, asides, listings, copy mode', () => {
  it('drops a table-of-contents heading with its list, keeping the sections it lists', () => {
    for (const heading of ['Table of Contents', 'In this article', 'On this page']) {
      const toc = `<div class="box"><h2>${heading}</h2><p>Short summary line of the guide.</p></div>`;
      const doc = page(
        `${chrome}<div class="main"><h1>Fixing brakes</h1>${toc}<h2>Tools</h2>${para('Tools', 3)}<h2>Steps</h2>${para('Steps', 3)}</div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Steps paragraph 3');
      expect(out, heading).not.toContain('Short summary line');
    }
  });

  it('drops byline boxes opened by "Written by" or "Medically reviewed by" headings', () => {
    for (const heading of ['Written by Jane Roe', 'Medically reviewed by Dr. Jane Roe']) {
      const box = `<div class="box"><h3>${heading}</h3><p>Jane Roe is a physician who reviews every article on this site for accuracy.</p></div>`;
      const doc = page(`${chrome}<div class="main"><h1>Main thing</h1>${box}${para('Main', 5)}</div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Main paragraph 5');
      expect(out, heading).not.toContain('reviews every article');
    }
  });

  it('reads a short styled line as a recommendation heading, but not an eyebrow over a real heading', () => {
    const teasers = (seed: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<div class="t"><a href="/${seed}/${i}">${seed} teaser ${i}</a> <span>with a short note</span></div>`,
      ).join('');
    const doc = page(`${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 6)}
      <div class="more"><span class="caps"><b>Related Services</b></span>${teasers('Other')}</div>
      <div class="section"><div class="kicker">Related products</div><h2>Tools that work well together</h2>${teasers('Own')}</div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 6');
    expect(out).not.toContain('Other teaser 2');
    expect(out).toContain('Own teaser 2');
  });

  it('drops the link lists after a recommendation heading inside the story text, not the story', () => {
    const links = Array.from(
      { length: 3 },
      (_, i) => `<li><a href="/post/${i}">Another story number ${i}</a></li>`,
    ).join('');
    const doc = page(
      `${chrome}<div class="post">${para('Story', 5)}<p><strong>Related Posts:</strong></p><ul>${links}</ul>${para('Closing', 1)}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Story paragraph 5');
    expect(out).toContain('Closing paragraph 1');
    expect(out).not.toContain('Another story number 1');
    expect(out).not.toContain('Related Posts');
  });

  it('drops blocks opened by the insight and blog teaser headings of business sites', () => {
    const teasers = (seed: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<div class="t"><a href="/${seed}/${i}">${seed} teaser ${i}</a> <span>with a short note</span></div>`,
      ).join('');
    for (const heading of ['Latest insights', 'Featured resources', 'From our blog', 'More blogs']) {
      const doc = page(
        `${chrome}<div class="main"><h1>Our consulting service</h1>${para('Service', 4)}<div class="more"><h2>${heading}</h2>${teasers('Other')}</div></div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Service paragraph 4');
      expect(out, heading).not.toContain('Other teaser 2');
    }
  });

  it('drops the profile column and post counts of forum posts named by their class words', () => {
    const posts = ['Tea', 'Coffee', 'Water']
      .map(
        (
          drink,
          i,
        ) => `<div class="post"><div class="postbody"><p>Reply ${i}: I would rather drink ${drink.toLowerCase()} in the morning, it keeps me awake through the long meetings.</p></div>
        <dl class="postprofile"><dd>Favourite drink: ${drink}</dd></dl><div class="post-count">${100 + i} posts</div></div>`,
      )
      .join('');
    const doc = page(`<div class="thread">${posts}</div>`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/viewtopic.php?t=42' }));
    expect(out).toContain('Reply 2: I would rather drink water');
    expect(out).not.toContain('Favourite drink');
    expect(out).not.toContain('101 posts');
  });

  it('drops popovers (install prompts, hover cards) shipped inside the content', () => {
    const doc = page(
      `${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 4)}<div class="pwa-install-popover"><h4>Install the app</h4><p>A full-screen app on your home screen with push notifications.</p></div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 4');
    expect(out).not.toContain('full-screen app');
  });

  it('counts a pruned block inside another pruned block once, so a page keeps its content instead of falling back', () => {
    // a short product text beside much chrome: a link list inside a recommendation block is pruned twice over
    const links = Array.from({ length: 8 }, (_, i) => `<li><a href="/p/${i}">Other lamp number ${i}</a></li>`).join('');
    const chromeBlocks = ['share-tools', 'newsletter-box', 'promo-strip', 'social-links', 'cookie-note', 'signup-form']
      .map((c) => `<div class="${c}"><p>${c} text that is not the product, told at some length to weigh.</p></div>`)
      .join('');
    const doc = page(`<div class="item"><h1>Desk Lamp</h1><p>A small lamp, €59.</p>${chromeBlocks}
      <div class="rec"><h2>Customers who bought this also bought</h2><p>Picked by our team for you.</p><ul class="related-links">${links}</ul></div></div>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out).toContain('A small lamp');
    expect(out).not.toContain('Other lamp number 1');
    expect(out).not.toContain('newsletter-box text');
    expect(trace.join('\n')).not.toContain('falling back');
  });

  it('drops a cookie banner that has an unusual class name', () => {
    const doc =
      page(`${chrome}<main><div class="zx-91q"><p>We use cookies to improve your experience. <a href="/privacy">Learn more</a></p>
      <button>Accept all</button><button>Reject</button></div><article><h1>Title</h1>${para('Article body', 4)}</article></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Article body paragraph 4');
    expect(out).not.toContain('We use cookies');
  });

  it('keeps an <aside> pull quote inside an <article>, drops the page sidebar <aside>', () => {
    const doc =
      page(`${chrome}<div class="layout"><article>${para('Story', 3)}<aside><blockquote>“A quote worth pulling out.”</blockquote></aside>${para('More story', 3)}</article>
      <aside class="rail"><h3>Popular</h3><ul><li><a href="/1">Popular one</a></li><li><a href="/2">Popular two</a></li></ul></aside></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('A quote worth pulling out');
    expect(out).toContain('More story paragraph 3');
    expect(out).not.toContain('Popular two');
  });

  it('drops an <aside> inside a forum post whose class names it a signature, though it reads as prose', () => {
    const posts = [para('The question', 4), para('An answer', 3), para('Another answer', 3)]
      .map(
        (
          body,
          i,
        ) => `<article class="message"><div class="message-user">user${i}</div><div class="message-body">${body}</div>
        <aside class="message-signature"><div><b>Home setup:</b> a long list of my audio gear${i}, amplifiers, converters, and the headphones I own today.</div></aside></article>`,
      )
      .join('');
    const doc = page(`${chrome}<div class="thread">${posts}</div>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/best-headphones.42/' }));
    expect(out).toContain('Another answer paragraph 3');
    expect(out).not.toContain('my audio gear1');
  });

  it('keeps a list whose every item has text beside its link (a directory of partners with phone numbers)', () => {
    const partners = [
      'Rebuilding Together Central',
      'Meals and More Association',
      'Interfaith Action Group',
      'Urban League of the Area',
    ]
      .map((name, i) => `<li><a href="/p${i}">${name}</a> (512) 555-010${i}</li>`)
      .join('');
    const doc =
      page(`${chrome}<div class="page"><h1>Repair grants</h1>${para('The grant program', 5)}<ul>${partners}</ul>
      <ul><li><a href="/x">Apply now</a></li><li><a href="/y">Eligibility rules</a></li><li><a href="/z">Contact the office</a></li></ul></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Urban League of the Area (512) 555-0103');
    expect(out).not.toContain('Eligibility rules');
  });

  it("keeps an archive's <main> of post titles beside its labelled intro, though the wrapper's class names a sidebar", () => {
    const posts = Array.from(
      { length: 20 },
      (_, i) => `<article class="post"><h2><a href="/r${i}">Crispy recipe number ${i} with greens</a></h2></article>`,
    ).join('');
    const doc =
      page(`${chrome}<div class="site"><div class="archive-description"><h1>Air fryer recipes</h1>${para('The archive intro', 3)}</div>
      <div class="content-sidebar-wrap"><main class="content">${posts}</main><aside class="sidebar"><a href="/s">Subscribe</a></aside></div></div>${footer}`);
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: [], ogType: 'article' } }));
    expect(out).toContain('The archive intro paragraph 1');
    expect(out).toContain('Crispy recipe number 17');
  });

  it('keeps a thread\'s short replies when its long first post carries extra classes ("message threadAuthor")', () => {
    const first = `<li class="message threadAuthor"><div class="body">${para('The long opening post', 12)}</div></li>`;
    const replies = [
      'Thanks, this list saved me a week of testing hosts.',
      'Have you tried the other host too?',
      'Mint servers are very good here.',
    ]
      .map((t) => `<li class="message"><div class="body"><p>${t}</p></div></li>`)
      .join('');
    const doc = page(`${chrome}<ol class="messageList">${first}${replies}</ol>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/best-hosts.42/' }));
    expect(out).toContain('The long opening post paragraph 12');
    expect(out).toContain('Mint servers are very good');
  });

  it('reads a "ShowTopic" path as a thread, whose comment-labelled replies are posts', () => {
    const replies = [
      'Take the train from the airport, it is quick and cheap.',
      'Buy a rail pass only if you travel far.',
      'Carry cash for the small shops.',
    ]
      .map((t) => `<div class="comment"><p>${t}</p></div>`)
      .join('');
    const doc = page(
      `${chrome}<div class="topic"><h1>Tips from a first time visitor</h1>${para('My trip', 2)}${replies}</div>${footer}`,
    );
    const out = text(
      extractMainContent(doc, { url: 'https://travel.example/ShowTopic-g1-i2-k3-Tips_from_a_first_time_visitor.html' }),
    );
    expect(out).toContain('My trip paragraph 2');
    expect(out).toContain('Carry cash for the small shops');
  });

  it('honours an explicit #main marker', () => {
    const doc =
      page(`${chrome}<div class="cols"><div id="main"><h1>Welcome</h1><p>Short intro.</p><div class="box">${para('Service', 2)}</div><div class="box">${para('Pricing', 2)}</div></div>
      <div class="col-side"><p>Subscribe to our letters and get news weekly, every single week, for ever and ever.</p></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Welcome');
    expect(out).toContain('Short intro.');
    expect(out).toContain('Service paragraph 2');
    expect(out).toContain('Pricing paragraph 2');
    expect(out).not.toContain('Section C');
  });

  it('keeps every item of a listing whose cards are links', () => {
    const cards = Array.from(
      { length: 10 },
      (_, i) =>
        `<div class="card"><a href="/item/${i}"><h3>Item number ${i}</h3></a><p>Short teaser for item ${i}.</p></div>`,
    ).join('');
    const doc = page(`${chrome}<div class="page"><h1>All items</h1><div class="grid">${cards}</div>
      <div class="newsletter"><p>Get our newsletter</p><form><input type="email"><button>Sign up</button></form></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (let i = 0; i < 10; i++) expect(out).toContain(`Item number ${i}`);
    expect(out).not.toContain('Get our newsletter');
  });

  it('keeps class-labelled blocks that every entry of a list repeats (an index whose entries hold a "meta" block)', () => {
    const entries = Array.from(
      { length: 8 },
      (_, i) =>
        `<dt><a href="/abs/${i}">entry ${i}</a></dt><dd><div class="meta"><div class="list-title">Paper title number ${i} about learning things</div><div class="list-authors"><a href="/a/${i}">Author ${i}</a></div></div></dd>`,
    ).join('');
    const doc = page(
      `${chrome}<div id="content"><h1>Recent submissions</h1><dl>${entries}</dl><div class="post-meta">Posted by admin</div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (let i = 0; i < 8; i++) expect(out).toContain(`Paper title number ${i}`);
  });

  it('keeps code blocks, tables and admonitions of documentation', () => {
    const doc =
      page(`${chrome}<div class="docs-layout"><div class="toc"><a href="#a">Install</a><a href="#b">Usage</a></div>
      <div class="markdown-body"><h1>Install</h1>${para('Docs', 2)}<pre><code>npm install example --save</code></pre>
      <div class="admonition note"><p>Note: Node 20 or later is required.</p></div>
      <table><tr><th>Option</th><th>Default</th></tr><tr><td>timeout</td><td>30000</td></tr></table></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['npm install example --save', 'Node 20 or later', 'timeout', '30000', 'Docs paragraph 2'])
      expect(out).toContain(s);
  });

  it('never returns empty text when the page has text', () => {
    const doc = page(`<nav><a href="/">Only a menu</a> <a href="/x">and links</a></nav>`);
    expect(text(extractMainContent(doc)).trim()).not.toBe('');
  });

  it('with copy: true leaves the page untouched and returns a pruned copy', () => {
    const doc = page(
      `${chrome}<article>${para('Body', 3)}<div class="share-bar"><a href="/s">Share</a></div></article>${footer}`,
    );
    const out = extractMainContent(doc, { copy: true });
    expect(text(out)).toContain('Body paragraph 3');
    expect(text(out)).not.toContain('Share');
    expect(doc.querySelector('nav')).not.toBeNull();
    expect(doc.querySelector('.share-bar')).not.toBeNull();
  });

  it('by default prunes in place and returns an element of the page', () => {
    const doc = page(
      `${chrome}<article>${para('Body', 3)}<div class="share-bar"><a href="/s">Share</a></div></article>${footer}`,
    );
    const out = extractMainContent(doc);
    expect(out.ownerDocument).toBe(doc);
    expect(doc.body.contains(out)).toBe(true);
    expect(text(out)).toContain('Body paragraph 3');
    expect(doc.querySelector('.share-bar')).toBeNull();
  });

  it('reads the crawler view in <noscript> when the page itself is empty', () => {
    const doc = page(`<div id="app"></div><noscript><div class="topic">${para('Thread post', 3)}</div></noscript>`);
    expect(text(extractMainContent(doc))).toContain('Thread post paragraph 3');
  });

  it('walks a 100k-deep tree without overflowing the stack', () => {
    const doc = page('');
    let el: Element = doc.body;
    for (let i = 0; i < 100_000; i++) {
      const div = doc.createElement('div');
      el.appendChild(div);
      el = div;
    }
    el.appendChild(doc.createTextNode('deep text at the bottom of the page'));
    expect(text(extractMainContent(doc))).toContain('deep text at the bottom');
  }, 60_000); // building 100k nodes is slow on a loaded CI box; the point is no stack overflow
});

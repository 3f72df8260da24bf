import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';
import { measureTree } from './measureTree.js';

describe('measureTree', () => {
  it('never labels syntax-highlighting spans inside code as chrome', () => {
    const { document } =
      parseHTML(`<html><body><main><h1>Git basics</h1><p>Start a repository and commit, as the steps below show in order.</p>
      <pre><code><span class="hljs-comment"># create the repository first</span>
git init
<span class="token comment">// then stage every file</span>
git add .</code></pre><div class="comments"><p>Reader comment: thanks!</p></div></main></body></html>`);
    const tree = measureTree(document.body as unknown as Element, { keepComments: false });
    const labelled = tree.preorder.filter((s) => s.junk !== 0).map((s) => s.el.getAttribute('class'));
    expect(labelled).toEqual(['comments']);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('# create the repository first');
    expect(out).toContain('// then stage every file');
    expect(out).not.toContain('Reader comment');
  });

  it('labels a photo credit inside a figure or its caption as chrome, not a credit-named block elsewhere', () => {
    const { document } =
      parseHTML(`<html><body><main><h1>Night trains</h1><p>Night trains are back on many European routes, and travellers are booking them again.</p>
      <figure><img src="a.jpg"><figcaption>A sleeper cabin. <span class="photo-credit">Credit: Jane Doe/Getty Images</span></figcaption></figure>
      <div class="caption-wrap"><span class="imageCredit">Photo: John Roe</span></div>
      <p class="credit-note">No credit card is needed to book a seat on most routes.</p></main></body></html>`);
    const tree = measureTree(document.body as unknown as Element, { keepComments: false });
    const labelled = tree.preorder.filter((s) => s.junk !== 0).map((s) => s.el.getAttribute('class'));
    expect(labelled).toEqual(['photo-credit', 'imageCredit']);
    // with captions kept, the credit inside one still goes
    const withCaptions = extractMainContent(document as unknown as Document, {
      copy: true,
      disabledRules: new Set(['figure-captions']),
    });
    expect(withCaptions.textContent).toContain('A sleeper cabin.');
    expect(withCaptions.textContent).not.toContain('Jane Doe');
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).not.toContain('A sleeper cabin.'); // captions go by default (see dropFigureCaptions)
    expect(out).not.toContain('Jane Doe');
    expect(out).toContain('No credit card is needed');
  });

  it('keeps an FAQ question set as a short button: a question is no action', () => {
    const faq = ['Do I need to be good at drawing?', 'Will I get a qualification?']
      .map(
        (q, i) =>
          `<div class="item"><button aria-expanded="false">${q}</button><div class="answer"><p>Answer ${i}: no, the ` +
          `course teaches it from the start.</p></div></div>`,
      )
      .join('');
    const { document } = parseHTML(
      `<html><body><main><h1>Design course</h1><p>Twelve weeks of studio briefs, feedback and a portfolio at the ` +
        `end.</p>${faq}<button>Apply now</button></main></body></html>`,
    );
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Do I need to be good at drawing?');
    expect(out).toContain('Will I get a qualification?');
    expect(out).not.toContain('Apply now');
  });

  it('drops machine timestamps (ISO 8601 in a <time> or microdata element) and keeps dates in words', () => {
    const post = (
      i: number,
    ) => `<div class="post"><p>Reply ${i}: the fix worked after I cleared the cache and restarted the service twice.</p>
      <span>Jan ${i + 1}, 2020</span><time class="d-none" itemprop="datePublished">2020-01-0${i + 1}T21:40:59.62Z</time></div>`;
    const { document } = parseHTML(
      `<html><body><main><h1>Service will not start</h1>${[1, 2, 3].map(post).join('')}</main></body></html>`,
    );
    const out =
      extractMainContent(document as unknown as Document, { url: 'https://forum.example/t/help/42' }).textContent ?? '';
    expect(out).toContain('Reply 3: the fix worked');
    expect(out).toContain('Jan 2, 2020');
    expect(out).not.toContain('T21:40:59');
  });

  it('reads a data-role name as a class when class and id say nothing ("memberSignature")', () => {
    const post = (i: number, sig: string) =>
      `<article class="cPost"><div data-role="commentContent"><p>Reply ${i}: swap the power supply first, then test ` +
      `the card in another slot before buying anything.</p></div>${sig}</article>`;
    const sig =
      '<div data-role="memberSignature" class="ipsBorder_top"><p>Message me on discord for more help, quote me to ' +
      'get notified.</p></div>';
    const { document } = parseHTML(
      `<html><body><main><h1>Build advice</h1>${post(1, '')}${post(2, sig)}${post(3, '')}</main></body></html>`,
    );
    const out =
      extractMainContent(document as unknown as Document, { url: 'https://forum.example/topic/42-build/' })
        .textContent ?? '';
    expect(out).toContain('Reply 2: swap the power supply');
    expect(out).not.toContain('Message me on discord');
  });

  it('reads a hidden block right below a heading as its folded body (an FAQ answer under its question)', () => {
    const faq = ['Can it be used outdoors?', 'Which oil should I choose?']
      .map(
        (q, i) =>
          `<div class="item"><h3>${q}</h3><div class="content" style="display: none;"><p>Folded answer ${i}: yes, on ` +
          `a terrace or a balcony as well as indoors.</p></div></div>`,
      )
      .join('');
    const { document } = parseHTML(
      `<html><body><main><h1>Flame diffuser</h1><p>An acrylic and bamboo diffuser with a soft flame effect light for ` +
        `any room.</p>${faq}<div style="display:none"><p>Hidden promo text nobody sees on the page at ` +
        `all.</p></div></main></body></html>`,
    );
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Folded answer 0');
    expect(out).toContain('Folded answer 1');
    expect(out).not.toContain('Hidden promo text');
  });

  it('reads a hidden toggle body ("toggle__content") as a folded panel', () => {
    const { document } =
      parseHTML(`<html><body><main><h1>Beard oil</h1><p>A light oil that softens the beard and soothes the skin below it, all day.</p>
      <div class="toggle"><button>Ingredients</button><div class="toggle__content" style="display: none;"><p>Jojoba seed oil, argan kernel oil, fragrance.</p></div></div>
      <div class="promo" style="display:none"><p>Hidden promo text nobody sees on the page at all.</p></div></main></body></html>`);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Jojoba seed oil');
    expect(out).not.toContain('Hidden promo text');
  });

  it('reads a bare hidden block inside an accordion item as its folded body', () => {
    const item = (i: number) =>
      `<div class="es-accordion"><div class="title"><span>Question ${i}</span></div><div id="q${i}_content" ` +
      `hidden><p>Accordion body ${i}: the answer sits here, folded until a click.</p></div></div>`;
    const { document } =
      parseHTML(`<html><body><main><h1>Visiting the park</h1><p>Everything you need to know before your visit, from tickets to parking and food.</p>
      ${[1, 2].map(item).join('')}<div class="promo" hidden><p>Hidden promo text nobody sees on the page at all.</p></div></main></body></html>`);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Accordion body 1');
    expect(out).toContain('Accordion body 2');
    expect(out).not.toContain('Hidden promo text');
  });

  it('reads a hidden "tab" block as a folded panel (the second of a product page tabs)', () => {
    const { document } =
      parseHTML(`<html><body><main><h1>Trail pack</h1><div class="tabs"><div class="tab"><p>A light 25 litre pack for day hikes, with a padded back and hip belt.</p></div>
      <div class="tab" style="display:none"><p>Second tab: capacity 25 l, weight 900 g, recycled nylon.</p></div></div>
      <div class="promo" style="display:none"><p>Hidden promo text nobody sees on the page at all.</p></div></main></body></html>`);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Second tab: capacity 25 l');
    expect(out).not.toContain('Hidden promo text');
  });

  it('drops the short label of a block acting as a button (class "icon-button", role=button), not of a button holder', () => {
    const card = (
      i: number,
    ) => `<div class="card"><h3>Service ${i}</h3><p>We protect the systems of number ${i} against attacks, day and night.</p>
      <div class="card__close-button" tabindex="-1"><div class="icon-button__text">Close</div></div><span role="button">Expand</span>
      <div class="card__button-container"><span>Talk to team ${i}</span></div></div>`;
    const { document } = parseHTML(
      `<html><body><main><h1>Security services</h1>${card(1)}${card(2)}${card(3)}</main></body></html>`,
    );
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('number 3 against attacks');
    expect(out).toContain('Talk to team 2');
    expect(out).not.toContain('Close');
    expect(out).not.toContain('Expand');
  });

  it('drops a quote block named a signature (<blockquote class="signature">) under forum posts', () => {
    const post = (
      i: number,
    ) => `<li class="postbit"><div class="content"><blockquote class="postcontent"><p>Reply ${i}: price, speed and uptime matter most when you pick a host.</p></blockquote></div>
      <blockquote class="signature restore"><div>Get your certificates from my shop ${i}: cheap, fast, trusted by many.</div></blockquote></li>`;
    const { document } = parseHTML(
      `<html><body><main><h1>Choosing a host</h1><ol ` +
        `class="posts">${post(1)}${post(2)}${post(3)}</ol></main></body></html>`,
    );
    const out =
      extractMainContent(document as unknown as Document, { url: 'https://forum.example/showthread.php?t=42' })
        .textContent ?? '';
    expect(out).toContain('Reply 3: price, speed');
    expect(out).not.toContain('my shop 2');
  });

  it('reads a test hook (data-testid, data-test) as a class when class, id and data-role say nothing ("ad-slot")', () => {
    const card = (i: number) =>
      `<section class="card"><h3>Product ${i}</h3><p>A tool that does thing number ${i} for teams, quickly and ` +
      `well.</p></section>`;
    const ad =
      '<div data-test="ad-slot-33"><section class="card"><h3>Sponsored tool</h3><p>A paid placement that a sponsor ' +
      'bought for this spot today.</p></section></div>';
    const promo =
      '<div data-testid="newsletter-signup"><p>Get the best launches, directly in your inbox every single ' +
      'morning.</p></div>';
    const { document } = parseHTML(
      `<html><body><main><h1>Top launches ` +
        `today</h1>${card(1)}${card(2)}${ad}${card(3)}${promo}${card(4)}</main></body></html>`,
    );
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('thing number 4');
    expect(out).not.toContain('paid placement');
    expect(out).not.toContain('directly in your inbox');
  });

  it('labels elements without attributes by their tag alone', () => {
    const { document } = parseHTML(
      '<html><body><main><nav><a>Home</a></nav><div><p>Text of the page.</p></div><aside>Side</aside>' +
        '<div role="navigation"><a>Next</a></div><div class="sidebar">More</div><div id="footer">End</div>' +
        '</main></body></html>',
    );
    const tree = measureTree(document.body as unknown as Element, { keepComments: false });
    const labels = tree.preorder.map((s) => `${s.el.localName}:${s.junk}`);
    expect(labels).toEqual([
      'body:0',
      'main:0',
      'nav:hard',
      'a:0',
      'div:0',
      'p:0',
      'aside:hard',
      'div:hard',
      'a:0',
      'div:soft',
      'div:soft',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { collectContentHints, extractMainContent } from './extractMainContent.js';
import { chrome, footer, pageWithHead as page, para, text } from './testPages.fixture.js';

describe('extractMainContent on streamed pages and Q&A threads', () => {
  it('reads hidden elements when the visible page has almost no text (streamed chunks, deferred wrappers)', () => {
    // React streams the page into <div hidden> chunks that a script moves into place; other shops ship display:none
    const streamed = page(
      `${chrome}<div id="root"><p>Loading</p></div><div hidden id="S:0"><article><h1>Streamed story</h1>${para('The streamed story', 4)}</article></div>${footer}`,
    );
    const out = text(extractMainContent(streamed));
    expect(out).toContain('Streamed story');
    expect(out).toContain('The streamed story paragraph 4');
    expect(out).not.toContain('Copyright 2024');
    // on a page with visible text, hidden blocks (a closed menu, a modal) stay out
    const visible = page(
      `${chrome}<main>${para('The visible article', 4)}</main><div style="display: none"><p>Hidden promotional modal text that should not be read.</p></div>${footer}`,
    );
    const out2 = text(extractMainContent(visible));
    expect(out2).toContain('The visible article paragraph 4');
    expect(out2).not.toContain('Hidden promotional modal');
  });

  it('on a Q&A page drops the short comments under each post, unless the answers themselves are labelled comments', () => {
    const comments = (who: string) =>
      `<ul class="comments-list">${[1, 2, 3].map((i) => `<li class="comment"><span>Thanks, ${who} remark ${i} under this post.</span> <a href="/u/${i}">user${i}</a></li>`).join('')}</ul>`;
    const qa = (
      cls: string,
    ) => `${chrome}<div id="mainbar"><div class="question"><h1>How do I focus the file list?</h1>${para('The question', 2)}${comments('question')}</div>
      <div class="${cls}">${para('The first answer', 3)}${comments('answer')}</div><div class="${cls}">${para('The second answer', 3)}</div></div>${footer}`;
    const out = text(
      extractMainContent(page(qa('answer')), {
        url: 'https://qa.example/questions/442960/how-to-focus',
        hints: { jsonLdTypes: ['qapage', 'question', 'answer'] },
      }),
    );
    for (const s of ['The question paragraph 2', 'The first answer paragraph 3', 'The second answer paragraph 3'])
      expect(out).toContain(s);
    expect(out).not.toContain('remark 1 under this post');
    // answers labelled "comment" hold most of the thread: they stay
    const out2 = text(
      extractMainContent(page(qa('comment answer-block')), {
        url: 'https://qa.example/questions/1/x',
        hints: { jsonLdTypes: ['qapage'] },
      }),
    );
    for (const s of ['The question paragraph 2', 'The first answer paragraph 3', 'The second answer paragraph 3'])
      expect(out2).toContain(s);
  });
  it('ignores "widget" class labels when they would leave the page without text (page builders)', () => {
    const widgets = [1, 2, 3]
      .map(
        (i) =>
          `<div class="elementor-widget elementor-widget-text-editor"><div class="elementor-widget-container">${para(`Builder section ${i}`, 3)}</div></div>`,
      )
      .join('');
    const doc =
      page(`${chrome}<main><article><h1>Graphic design courses</h1><div class="entry-content">${widgets}</div></article>
      <aside class="sidebar"><section class="widget"><a href="/a">Archive link one</a> <a href="/b">Archive link two</a></section></aside></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Builder section 1 paragraph 1', 'Builder section 3 paragraph 3']) expect(out).toContain(s);
    expect(out).not.toContain('Archive link one');
    // on an ordinary page the same word still labels a sidebar widget as chrome
    const blog = page(
      `${chrome}<div class="wrap"><div class="post">${para('The post', 5)}</div><div class="widget"><p>Subscribe to our weekly digest of posts and offers.</p></div></div>${footer}`,
    );
    expect(text(extractMainContent(blog))).not.toContain('weekly digest');
  });

  it('ignores "banner" class labels when they would leave the page without text (a home page of hero banners)', () => {
    // each section of the stack is built differently (no run of alike siblings to fall back on)
    const kinds = ['hero-banner', 'image-banner', 'split-banner', 'video-banner', 'banner-wide'];
    const banner = (
      i: number,
    ) => `<div class="section-${i}"><div class="${kinds[i % kinds.length]}"><div class="text"><h2>Collection ${i}</h2>
      <p>The collection ${i} story, told in a sentence or two about its watches, its makers and the long years behind them all.</p><a class="btn" href="/c/${i}">Explore</a></div></div></div>`;
    const doc = page(
      `${chrome}<div id="maincontent">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(banner).join('')}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['The collection 1 story', 'The collection 10 story']) expect(out).toContain(s);
    expect(out).not.toContain('Privacy policy');
    // on an ordinary page a promo banner beside the text is still chrome
    const story = page(
      `${chrome}<div class="wrap"><article>${para('The post', 5)}</article><div class="promo-banner"><p>Members save 20% on every order this week.</p></div></div>${footer}`,
    );
    expect(text(extractMainContent(story))).not.toContain('Members save');
  });

  it('ignores "widget" labels inside the chosen root when such blocks hold a good part of its text (builder blocks)', () => {
    const doc =
      page(`${chrome}<div class="wrap"><article><h1>Tracking my phone at home</h1><div class="entry">${para('Intro', 4)}
      <div class="elementor-widget elementor-widget-text-editor">${para('Sensor setup', 3)}</div>${para('Closing', 2)}</div></article>
      <aside class="sidebar"><div class="widget"><a href="/a">Archive link one</a> <a href="/b">Archive link two</a></div></aside></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Intro paragraph 1', 'Sensor setup paragraph 2', 'Closing paragraph 2']) expect(out).toContain(s);
    expect(out).not.toContain('Archive link one');
    // a small widget inside the story (a signup box) is still chrome
    const small = page(`${chrome}<article><h1>Tracking my phone at home</h1><div class="entry">${para('Intro', 6)}
      <div class="widget"><p>Subscribe to our weekly digest of posts.</p></div>${para('Closing', 3)}</div></article>${footer}`);
    expect(text(extractMainContent(small))).not.toContain('weekly digest');
  });

  it('drops link and button text that recurs in most cards of a grid, and keeps a grid whose cards carry buttons', () => {
    const card = (
      i: number,
    ) => `<div class="card"><a href="/p/${i}"><h3>Graphics card model ${i}</h3></a><p>$${400 + i}.99, 16 GB memory</p>
      <a class="quick" href="#q${i}">Quick View</a><button>Compare</button><button>S</button><button>M</button><button>L</button></div>`;
    const doc = page(
      `${chrome}<main><h1>Graphics cards</h1><div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['itemlist'] } }));
    for (const i of [1, 5]) expect(out).toContain(`Graphics card model ${i}`);
    expect(out).toContain('$401.99, 16 GB memory');
    expect(out).not.toContain('Quick View');
    // a small grid under a long intro, each card with size buttons: many controls, little text each, yet items
    const sock = (i: number) =>
      `<div class="card"><a href="/s/${i}">Wool sock ${i}</a><p>$12.00, merino blend</p><button>S</button><button>M</button><button>L</button><button>XL</button></div>`;
    const socks = page(
      `${chrome}<main><h1>Socks</h1>${para('Our socks', 6)}<div class="grid">${[1, 2, 3, 4, 5].map(sock).join('')}</div></main>${footer}`,
    );
    const out2 = text(extractMainContent(socks, { hints: { jsonLdTypes: ['collectionpage'] } }));
    expect(out2).toContain('Our socks paragraph 6');
    expect(out2).toContain('Wool sock 4');
  });

  it('keeps one of the desktop, tablet and mobile copies of a block nested in a unique section, but not a caption repeated apart', () => {
    const banner =
      '<h2>Designed for everyday</h2><p>Built to endure for life, with a warranty that outlasts the wallet itself.</p>';
    const caption = '<p class="caption">Photo courtesy of the park conservancy, used with permission.</p>';
    const doc = page(`${chrome}<main><h1>Ridge Wallet</h1>${para('The wallet', 4)}
      <section class="tier"><div class="desktop">${banner}</div><div class="tablet">${banner}</div><div class="mobile">${banner}</div></section>
      <section><h2>North view</h2>${para('The north camera', 2)}<figure>${caption}</figure></section>
      <section><h2>South view</h2>${para('The south camera', 2)}<figure>${caption}</figure></section></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out.split('Built to endure for life').length - 1).toBe(1);
    expect(out.split('Photo courtesy of the park').length - 1).toBe(2);
    expect(out).toContain('The wallet paragraph 4');
  });

  it('drops customer reviews that outweigh a product block on a product page only; screen-reader-only text on every page', () => {
    const reviews = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="review-item"><p>Reviewer ${i} writes that the backpack carried everything on a week in the mountains and the hip belt stayed comfortable.</p></li>`,
    ).join('');
    const body = `${chrome}<div class="layout"><div class="product"><h1>Trail Pack 65</h1><p class="price">$39.00</p>
      <div class="about">${para('The pack', 4)}<span class="sr-only">Video transcript: a hiker walks through the forest while the narrator lists every pocket of the pack.</span></div>
      <div class="product-reviews"><h2>What others are saying</h2><ol>${reviews}</ol></div></div>
      <aside class="sidebar">${para('Rental terms', 6)}</aside></div>${footer}`;
    const product = text(extractMainContent(page(body), { hints: { jsonLdTypes: ['product'] } }));
    expect(product).toContain('The pack paragraph 4');
    expect(product).toContain('Trail Pack 65');
    expect(product).not.toContain('Reviewer 3 writes');
    expect(product).not.toContain('Video transcript');
    const other = text(extractMainContent(page(body)));
    expect(other).toContain('Reviewer 3 writes');
    expect(other).not.toContain('Video transcript');
  });

  it('reads no role into utility classes whose arbitrary values name CSS variables (top-[var(--nav-height)])', () => {
    const doc = page(`${chrome}<main><h1>Phone 13</h1>${para('The phone', 4)}
      <div class="w-full sticky top-[var(--nav-height)]">${para('The camera', 2)}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The phone paragraph 4');
    expect(out).toContain('The camera paragraph 2');
  });
});

/** Four forum posts, each under an author card with a join date and a message count (no thread around them). */
function forumPosts(): string {
  const card = (
    i: number,
  ): string => `<div class="message-user"><a class="username" href="/members/m${i}">member${i}</a>
      <div class="member-extras"><dl class="pairs"><dt>Joined</dt><dd>Jun ${i + 1}, 2016</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${100 + i}</dd></dl></div></div>`;
  return Array.from(
    { length: 4 },
    (_, i) => `<article class="message"><div class="message-inner">${card(i)}
      <div class="message-main"><div class="message-body"><p>Post ${i} says something about the question that was asked in this thread.</p></div></div></div></article>`,
  ).join('');
}

/** What a page of `forumPosts()` read as a thread keeps: every post, none of the card fields. */
function expectPostsWithoutCards(out: string): void {
  for (let i = 0; i < 4; i++) expect(out).toContain(`Post ${i} says something`);
  for (const s of ['Joined', 'Messages', 'Jun 2, 2016']) expect(out).not.toContain(s);
}

describe('extractMainContent on threads', () => {
  const comment = (i: number, body: string): string =>
    `<div class="comment"><div class="byline"><a href="/~u${i}">user${i}</a></div><div class="comment_text"><p>${body}</p></div></div>`;

  it('reads a page as a thread when its comment-labelled blocks dwarf the rest, although neither URL nor hints say so', () => {
    const comments = Array.from({ length: 6 }, (_, i) =>
      comment(
        i,
        `Comment ${i} discusses the linked story at length, with its own reasons, examples and a counterpoint or two for the others.`,
      ),
    ).join('');
    const doc =
      page(`${chrome}<div class="story"><a href="https://elsewhere.example/post">A story on another site</a></div>
      <ol class="comments">${comments}</ol><div class="side"><p>About this site: links and talk.</p></div>${footer}`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { url: 'https://links.example/s/abc123/a_story', trace }));
    expect(trace.some((t) => t.includes('a thread'))).toBe(true);
    expect(out).toContain('Comment 0 discusses');
    expect(out).toContain('Comment 5 discusses');
    expect(out).not.toContain('About this site');
  });

  it("keeps an article's own text over its comments when the page declares itself an article", () => {
    const comments = Array.from({ length: 8 }, (_, i) =>
      comment(
        i,
        `Reader ${i} writes a long remark on the post, agreeing with some parts and disputing others at some length here.`,
      ),
    ).join('');
    const doc = page(
      `${chrome}<article><h1>The post</h1>${para('The post', 3)}</article><ol class="comment-list">${comments}</ol>${footer}`,
    );
    const out = text(
      extractMainContent(doc, {
        url: 'https://blog.example/2024/05/the-post',
        hints: { jsonLdTypes: [], ogType: 'article' },
      }),
    );
    expect(out).toContain('The post paragraph 3');
    expect(out).not.toContain('Reader 0 writes');
  });

  it('drops author card fields, ranks and signatures from every post, keeps the posts and names', () => {
    const card = (
      i: number,
    ): string => `<div class="message-user"><h4 class="message-name"><a href="/members/u${i}">member${i}</a></h4>
      <h5 class="userTitle message-userTitle">Established Member</h5>
      <div class="member-extras"><dl class="pairs"><dt>Joined</dt><dd>Jun ${i + 1}, 2016</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${100 + i}</dd></dl></div>
      <div class="info"><span>Location:</span> <span>Town ${i}</span></div></div>`;
    const signature = `<div class="post-signature">${para('My signature', 3)}</div>`;
    const posts = Array.from(
      { length: 4 },
      (_, i) => `<article class="message message--post"><div class="message-inner">${card(i)}
      <div class="message-main"><div class="message-body"><p>Post ${i} says something about the question that was asked in this thread.</p></div>${signature}</div></div></article>`,
    ).join('');
    const doc = page(`${chrome}<div class="block-body">${posts}</div>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/a-question.123/' }));
    for (let i = 0; i < 4; i++) expect(out).toContain(`Post ${i} says something`);
    expect(out).toContain('member2');
    for (const s of ['Joined', 'Messages', 'Location', 'Town 1', 'Established Member', 'My signature'])
      expect(out).not.toContain(s);
  });

  it('reads a thread from a local copy as a thread through the address the page gives itself (canonical link)', () => {
    const posts = forumPosts();
    const body = `${chrome}<div class="block-body">${posts}</div>${footer}`;
    const mirrored = 'http://127.0.0.1:8080/pages/1234.html';
    const bare = text(extractMainContent(page(body), { url: mirrored, hints: { jsonLdTypes: [] } }));
    expect(bare).toContain('Joined'); // without the page's own address nothing says "thread": poster fields stay
    for (const head of [
      '<link rel="canonical" href="https://forum.example/threads/a-question.123/">',
      '<meta property="og:url" content="/threads/a-question.123/">',
    ]) {
      const doc = page(body, head);
      const out = text(extractMainContent(doc, { url: mirrored, hints: collectContentHints(doc) }));
      expectPostsWithoutCards(out);
    }
  });

  it('reads a page as a thread when its microdata says DiscussionForumPosting, though neither its address nor JSON-LD does', () => {
    const posts = forumPosts();
    const url = 'https://boards.example/groups/fish/what-to-look-for-t17351.html';
    const plain = page(`${chrome}<div class="block-body">${posts}</div>${footer}`);
    expect(text(extractMainContent(plain, { url, hints: collectContentHints(plain) }))).toContain('Joined'); // nothing says "thread"
    const doc = page(
      `${chrome}<div class="block-body" itemscope itemtype="https://schema.org/DiscussionForumPosting">${posts}</div>${footer}`,
    );
    const out = text(extractMainContent(doc, { url, hints: collectContentHints(doc) }));
    expectPostsWithoutCards(out);
  });

  it("does not read an FAQ block's Question types as a discussion", () => {
    const doc = page(
      `${chrome}<main><h1>Camp stoves</h1>${para('Stoves', 3)}<div class="comments">${para('A visitor comment', 2)}</div></main>${footer}`,
    );
    const out = text(
      extractMainContent(doc, {
        url: 'https://shop.example/c/stoves',
        hints: { jsonLdTypes: ['faqpage', 'question', 'answer'] },
      }),
    );
    expect(out).toContain('Stoves paragraph 3');
    expect(out).not.toContain('A visitor comment');
  });
});

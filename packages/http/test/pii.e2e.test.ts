// redactPII through the real service: POST /v2/scrape against a page with personal data served on 127.0.0.1.
import { listenLocal, useStarted } from '@scrape/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { createScraper } from '@scrape/scraper';
import { completion, startOpenAiDouble } from '@scrape/test-support/openAiDouble';
import { startService } from './startService.js';

const PEOPLE_HTML = `<!DOCTYPE html><html lang="en"><head><title>Staff directory of Harbour Works</title>
<meta name="description" content="Reach Maria Gonzalez at maria.gonzalez@harbour.example or +1 415 555 0132."></head>
<body><main>
<h1>Staff directory</h1>
<p>Maria Gonzalez leads the archive team. Write to maria.gonzalez@harbour.example or call +1 415 555 0132.</p>
<p>Refunds go to card 4111 1111 1111 1111 or to IBAN DE89 3704 0044 0532 0130 00.</p>
<p>Our office is at 221B Baker Street, London.</p>
<table>
<thead><tr><th>Name</th><th>Email</th><th>Desk</th></tr></thead>
<tbody>
<tr><td>Robert Miller</td><td>robert.miller@harbour.example</td><td>North wing</td></tr>
<tr><td>Emily Clarke</td><td>emily.clarke@harbour.example</td><td>South wing</td></tr>
</tbody></table>
<p>Read <a href="https://docs.harbour.example/tide-tables">the tide tables</a>, mail <a href="mailto:maria.gonzalez@harbour.example">Maria Gonzalez</a>,
or use the <a href="https://archivist:hunter2pass@files.harbour.example/share">shared drive</a>.</p>
</main></body></html>`;

const PEOPLE = [
  'Maria Gonzalez',
  'Gonzalez',
  'maria.gonzalez@harbour.example',
  '415 555 0132',
  '4111 1111 1111 1111',
  'DE89 3704 0044 0532 0130 00',
  '221B Baker Street',
  'Robert Miller',
  'robert.miller@harbour.example',
  'Emily Clarke',
  'emily.clarke@harbour.example',
  'hunter2pass',
];

/** An address written with `<br>` (markdown: backslash line breaks) and a quoted one (escaped `>`), in a new shape. */
const LETTER_HTML = `<!DOCTYPE html><html lang="en"><head><title>Returns desk</title></head><body><main>
<h1>Returns desk</h1>
<p>Please send the signed copy to:<br>Henrietta Olsen<br>14 Larkspur Crescent<br>Flat 3<br>Dunmore, Ohio 43215<br>United States</p>
<blockquote><p>&gt; Quoted from the order: our depot is at 9 Quarry Lane<br>Kettering NN16 8BX</p></blockquote>
<p>Questions? Call<br>+44 20 7946 0958</p>
</main></body></html>`;

/** A French street line (type-first, lowercase) in a `<br>` address block, and one inside a sentence. */
const FRENCH_HTML = `<!DOCTYPE html><html lang="fr"><head><title>Retours</title></head><body><main>
<h1>Service des retours</h1>
<p>Adresse de retour :<br>Solange Abernathy<br>27 bis rue des Coquelicots<br>69002 Lyon<br>France</p>
<p>Our second depot moved to 3, avenue des Ternes last spring.</p>
</main></body></html>`;

const env = useStarted(async (own) => {
  const site = own(
    await listenLocal((req, res) => {
      const pages: Record<string, string> = { '/people': PEOPLE_HTML, '/letter': LETTER_HTML, '/lettre': FRENCH_HTML };
      const body = pages[req.url ?? ''] ?? '<html><body><p>Nothing here.</p></body></html>';
      res.writeHead(pages[req.url ?? ''] ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    }),
  );
  const service = own(await startService());
  // The name and place lists load on the first redaction (once per process): warmed here so no test carries it.
  await service.scrape({ url: `${site.origin}/warm-up`, redactPII: true });
  const llm = own(await startOpenAiDouble());
  const llmScraper = own(
    createScraper({
      allowPrivateUrls: true,
      cache: false,
      engines: { browser: false },
      llm: { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1 },
    }),
  );
  /** A service whose model is an OpenAI-compatible test double on 127.0.0.1 (summary/json go through it). */
  const llmService = own(await startService({ scraper: llmScraper }));
  return { origin: site.origin, service, llm, llmService };
}, 60_000);

const people = () => `${env.origin}/people`;
beforeEach(() => env.llm?.reset());

describe('POST /v2/scrape with redactPII', () => {
  it('true: every entity in the markdown is redacted with tags; table columns and links survive', async () => {
    const { status, body } = await env.service.scrape({
      url: people(),
      formats: ['markdown', 'links'],
      redactPII: true,
    });
    expect(status).toBe(200);
    const md: string = body.data.markdown;
    for (const value of PEOPLE) expect(md).not.toContain(value);
    for (const tag of ['[PERSON]', '[EMAIL]', '[PHONE]', '[FINANCIAL]', '[ADDRESS]']) expect(md).toContain(tag);
    // Ordinary text stays readable.
    expect(md).toContain('Staff directory');
    expect(md).toContain('leads the archive team');
    // The table keeps its header, separator and three cells per row.
    expect(md).toMatch(/\|\s*Name\s*\|\s*Email\s*\|\s*Desk\s*\|/);
    expect(md).toMatch(/\|\s*\[PERSON\]\s*\|\s*\[EMAIL\]\s*\|\s*North wing\s*\|/);
    expect(md).toMatch(/\|\s*\[PERSON\]\s*\|\s*\[EMAIL\]\s*\|\s*South wing\s*\|/);
    // A link without PII keeps its target; the mailto and the credentials lose only the personal part.
    expect(md).toContain('[the tide tables](https://docs.harbour.example/tide-tables)');
    expect(md).toContain('(mailto:[EMAIL])');
    expect(md).toContain('files.harbour.example/share');
    expect(body.data.links).toContain('https://docs.harbour.example/tide-tables');
    expect(body.data.links.join(' ')).not.toMatch(/maria\.gonzalez|hunter2pass/);
    // Page metadata is page text too.
    expect(body.data.metadata.description).not.toMatch(/Gonzalez|maria\.gonzalez|555 0132/);
    // Counts per type, no values.
    const counts = body.data.metadata.piiRedactions;
    expect(counts.PERSON).toBeGreaterThanOrEqual(4);
    expect(counts.EMAIL).toBeGreaterThanOrEqual(4);
    expect(counts.FINANCIAL).toBeGreaterThanOrEqual(2);
    expect(counts.ADDRESS).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(counts)).not.toMatch(/Gonzalez|harbour\.example/);
  });

  it('an address written with <br> is redacted on every line, not only up to the first line break', async () => {
    const plain = await env.service.scrape({ url: `${env.origin}/letter` });
    expect(plain.status).toBe(200);
    // The page really reaches the redactor as backslash breaks and an escaped quote marker.
    expect(plain.body.data.markdown).toContain('Larkspur Crescent\\\nFlat 3\\\nDunmore, Ohio 43215\\\n');
    expect(plain.body.data.markdown).toContain('\\> Quoted');
    const { status, body } = await env.service.scrape({ url: `${env.origin}/letter`, redactPII: true });
    expect(status).toBe(200);
    const md: string = body.data.markdown;
    for (const value of [
      'Henrietta',
      'Olsen',
      'Larkspur',
      'Dunmore',
      'Ohio',
      '43215',
      'United States',
      'Quarry Lane',
      'Kettering',
      'NN16 8BX',
      '7946 0958',
    ]) {
      expect(md).not.toContain(value);
    }
    // Line breaks and the quote survive; ordinary words stay.
    expect(md).toContain('Please send the signed copy to:\\\n');
    expect(md).toMatch(/^> \\> Quoted from the order: our depot is at /m);
    expect(md).toContain('Questions? Call');
    expect(body.data.metadata.piiRedactions.ADDRESS).toBeGreaterThanOrEqual(2);
  });

  it('a French street line in a <br> address block and in a sentence is redacted', async () => {
    const plain = await env.service.scrape({ url: `${env.origin}/lettre` });
    expect(plain.body.data.markdown).toContain('27 bis rue des Coquelicots\\\n69002 Lyon');
    const { status, body } = await env.service.scrape({ url: `${env.origin}/lettre`, redactPII: true });
    expect(status).toBe(200);
    const md: string = body.data.markdown;
    for (const value of ['Solange', 'Abernathy', 'Coquelicots', '69002', 'Lyon', 'avenue des Ternes', 'Ternes'])
      expect(md).not.toContain(value);
    expect(md).toContain('Adresse de retour');
    expect(md).toContain('Our second depot moved to');
    expect(md).toContain('last spring.');
    expect(body.data.metadata.piiRedactions.ADDRESS).toBeGreaterThanOrEqual(2);
  });

  it('mask keeps the length; remove drops the value', async () => {
    const masked = await env.service.scrape({ url: people(), redactPII: { replaceStyle: 'mask' } });
    expect(masked.status).toBe(200);
    expect(masked.body.data.markdown).toContain('█'.repeat('maria.gonzalez@harbour.example'.length));
    expect(masked.body.data.markdown).not.toContain('[EMAIL]');
    const removed = await env.service.scrape({ url: people(), redactPII: { replaceStyle: 'remove' } });
    expect(removed.status).toBe(200);
    const md: string = removed.body.data.markdown;
    for (const value of PEOPLE) expect(md).not.toContain(value);
    expect(md).not.toMatch(/\[(PERSON|EMAIL)\]|█/);
    expect(md).toContain('leads the archive team');
  });

  it('an entity subset redacts only those types (the spec alias URL-with-credentials included)', async () => {
    const { status, body } = await env.service.scrape({
      url: people(),
      redactPII: { mode: 'fast', entities: ['EMAIL', 'URL-with-credentials'] },
    });
    expect(status).toBe(200);
    const md: string = body.data.markdown;
    expect(md).not.toContain('maria.gonzalez@harbour.example');
    expect(md).not.toContain('hunter2pass');
    expect(md).toContain('Maria Gonzalez');
    expect(md).toContain('4111 1111 1111 1111');
    expect(md).toContain('+1 415 555 0132');
    expect(Object.keys(body.data.metadata.piiRedactions).sort()).toEqual(['EMAIL', 'URL_CREDENTIALS']);
  });

  it('without redactPII the page is returned as is', async () => {
    const { body } = await env.service.scrape({ url: people() });
    expect(body.data.markdown).toContain('maria.gonzalez@harbour.example');
    expect(body.data.metadata.piiRedactions).toBeUndefined();
  });

  it.each([
    [['markdown', 'html'], ['html']],
    [['rawHtml'], ['rawHtml']],
    [
      ['markdown', 'rawBase64', 'screenshot'],
      ['rawBase64', 'screenshot'],
    ],
  ])('refuses formats %j with a 400 naming them, before fetching', async (formats, named) => {
    const { status, body } = await env.service.scrape({ url: `${env.origin}/never-fetched`, formats, redactPII: true });
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST_PII_UNSUPPORTED_FORMAT');
    expect(body.details.formats).toEqual(named);
    for (const f of named) expect(body.error).toContain(`format ${f}`);
  });

  it('refuses the scrape action (its html cannot be redacted)', async () => {
    const { status, body } = await env.service.scrape({
      url: people(),
      actions: [{ type: 'scrape' }],
      redactPII: true,
    });
    expect(status).toBe(400);
    expect(body.details.actions).toEqual(['scrape']);
  });

  it.each([
    [{ mode: 'slow' }, 'mode'],
    [{ entities: ['SSN'] }, 'entities'],
    [{ entities: [] }, 'entities'],
    [{ replaceStyle: 'blur' }, 'replaceStyle'],
    [{ style: 'tag' }, 'style'],
    ['yes', 'redactPII'],
  ])('bad options %j → 400 with details naming %s', async (redactPII, field) => {
    const { status, body } = await env.service.scrape({ url: people(), redactPII });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(JSON.stringify(body.details)).toContain(field);
  });

  it('changeTracking compares the redacted markdown and its diff never quotes the unredacted previous scrape', async () => {
    const format = { type: 'changeTracking', modes: ['git-diff'], tag: 'pii-e2e' };
    const first = await env.service.scrape({ url: people(), formats: ['markdown', format], maxAge: 0 });
    expect(first.status).toBe(200);
    expect(first.body.data.changeTracking.changeStatus).toBe('new');
    const second = await env.service.scrape({
      url: people(),
      formats: ['markdown', format],
      maxAge: 0,
      redactPII: true,
    });
    expect(second.status).toBe(200);
    const tracking = second.body.data.changeTracking;
    expect(tracking.changeStatus).toBe('changed');
    expect(tracking.diff).toContain('[PERSON]');
    for (const value of PEOPLE) expect(tracking.diff).not.toContain(value);
  });

  it('LLM outputs are redacted too and counted', async () => {
    env.llm.reply(completion('Maria Gonzalez (maria.gonzalez@harbour.example) leads the archive team.'));
    const { status, body } = await env.llmService.scrape({
      url: people(),
      formats: ['markdown', 'summary'],
      redactPII: true,
    });
    expect(status).toBe(200);
    expect(body.data.summary).toContain('leads the archive team');
    expect(body.data.summary).not.toMatch(/Gonzalez|maria\.gonzalez/);
    // The model was only ever shown the redacted page.
    expect(JSON.stringify(env.llm.requests[0].body)).not.toMatch(/Gonzalez|maria\.gonzalez|4111 1111/);
  });

  it('fails closed: a redactor failure is a 500 SCRAPE_PII_REDACTION_FAILED and no page text is returned', async () => {
    // A model answer nested deeper than the redactor walks: it refuses it, so the whole scrape must fail.
    let deep: unknown = 'maria.gonzalez@harbour.example';
    for (let i = 0; i < 300; i++) deep = [deep];
    env.llm.reply(completion(JSON.stringify({ people: deep })));
    const { status, body } = await env.llmService.scrape({
      url: people(),
      formats: ['markdown', { type: 'json', prompt: 'List the people.' }],
      redactPII: true,
    });
    expect(status).toBe(500);
    expect(body.success).toBe(false);
    expect(body.code).toBe('SCRAPE_PII_REDACTION_FAILED');
    expect(body.data).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/Gonzalez|harbour\.example/);
  });
});

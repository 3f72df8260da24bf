// The 14 conformance pairs from the MIT-licensed Go html-to-markdown converter (../shared/data/markdown-golden/).
// Both sides are first brought to one style (see `normalizeStyle`: no comments, `\` hard breaks, no trailing
// spaces, unpadded tables, single blank lines); every remaining difference is listed below with the reason we
// differ on purpose, and each listed difference must still occur in the reference, so the list cannot go stale.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './htmlToMarkdown.js';

const GOLDEN_DIR = fileURLToPath(new URL('../../../../../shared/data/markdown-golden/', import.meta.url));
const present = existsSync(GOLDEN_DIR);

/** Style only: what the two converters are allowed to write differently without it being a difference at all. */
function normalizeStyle(md: string): string {
  // The reference keeps the input's HTML comments; our pipeline strips comments before converting.
  let s = md.replace(/<!--[\s\S]*?-->/g, '');
  s = s
    .split('\n')
    .map((line) => {
      // Two trailing spaces and a trailing backslash are the same hard break.
      let l = line.replace(/(\S) {2,}$/, '$1\\').replace(/[ \t]+$/, '');
      // Table rows: cell padding and dash counts are cosmetic.
      if (/^\s*(?:>\s*|\d+[.)]\s+|[-*+]\s+)*\|/.test(l))
        l = l
          .replace(/ *(?<!\\)\| */g, ' | ')
          .replace(/-{3,}/g, '---')
          .trim();
      return l;
    })
    .join('\n');
  return s.replace(/\n{3,}/g, '\n\n').trim();
}

const EMPTY =
  "Empty elements keep their marker (`>`, `#`, `-`): the converter mirrors the tree it is given (removing empty elements is the cleaner's call) and the CommonMark round trip needs them.";
const ENT =
  'We escape with backslashes, and only where markup could start (before `<` + letter, before `>` at a line start); ' +
  'the reference uses entities everywhere.';
const NEST =
  'Nested emphasis stays nested (`**__x__**`, `***x***` for em around strong) so the markdown renders back to the ' +
  'same tree; the reference flattens it.';
const FLANK =
  'CommonMark cannot open or close emphasis between a letter and punctuation: the reference writes stars that render ' +
  'literally, we drop the emphasis and keep the text exact.';
const EMLINK =
  'Emphasis stays where the tree has it; where CommonMark cannot open it (right after a letter, before `[`) it is ' +
  'dropped rather than moved into the link.';
const CODESP =
  'Inline code collapses whitespace as the browser renders it, its edge spaces move outside the span, and the fence ' +
  'is the shortest backtick run that works.';
const PREEMPTY = 'An empty <pre> is an empty fence.';
const LANG =
  'The language comes from <code class> first (where highlighters and CommonMark renderers put it), then <pre class>.';
const LINKBLK =
  'Block boundaries inside link text become one line break, and a quote inside link text has no syntax there (no ' +
  'stray quotes).';
const ALT = 'Alt text whitespace is collapsed, as it renders.';
const TITLE = 'Titles are always double-quoted, with backslash escapes inside.';
const NOHREF = 'An <a> without href is not a link: only its content is written.';
const EMPTYHREFTITLE = 'An empty href keeps its title.';
const BRACKET = '`[` is always escaped in text: it can then never start a link or a reference definition.';
const ANCHOR = 'The space between the anchor link and the heading text is kept.';
const ADJ =
  'The reference turns the comments between these inline links into block separators; our input has no comments (the ' +
  'pipeline strips them), so the links share a paragraph, with the line breaks their inner blocks imply.';
const LOOSE =
  'A list whose items hold <p> is loose in CommonMark terms (blank lines between items), so it renders back with its ' +
  '<p>s.';
const OLPAD = 'Ordered markers are not zero-padded.';
const ADJLIST =
  'Two adjacent lists would merge into one: the reference separates them with a `<!--THE END-->` comment, we ' +
  'alternate the bullet (`-`/`*`) or the delimiter (`.`/`)`).';
const TIGHT =
  'In a tight item a fence or a sublist follows without a blank line (a blank line would make the list loose).';
const IMPLICIT = 'Content directly inside a list, after an <li>, continues that item as its own paragraph.';
const ESC =
  'The reference leaves `*` live after an escaped backslash and `&ouml;` decodable (it would render as ö); we escape ' +
  'both.';
const TEMPTY = 'A table whose cells are all empty is dropped: there is nothing to read.';
const T1X1 = 'A single-cell table is a layout box, not data: its content is written as blocks.';
const TESC = 'Both stars of `**B**` are escaped.';
const PRES = 'A role="presentation" table is layout: each cell is its own block.';
const TINLINE =
  'A table inside <strong>/<i> is still a block: we write a table (inside its quote), the reference flattens it to ' +
  'text.';
const GRID =
  'Layout tables (here: one nested in another) render their cells as blocks; only the innermost data table is a GFM ' +
  'table.';

const INTENDED: Record<string, [why: string, reference: string, ours: string][]> = {
  'commonmark/blockquote': [
    [EMPTY, '\n> Line A\\', '\n>\n\n>\n\n>\n\n>\n\n> Line A\\'],
    [ENT, '\nNot a &gt; blockquote\n\n&gt; not a blockquote', '\nNot a > blockquote\n\n\\> not a blockquote'],
  ],
  'commonmark/bold': [
    [
      NEST,
      '\n**very bold text**\n\n**very bold text**\n\n***hello***\n',
      '\n**__very bold text__**\n\n**__very bold text__**\n\n**__*hello*__**\n',
    ],
    [NEST, '\n***hello***\n', '\n**__*_hello_*__**\n'],
    [NEST, '\n***one*** ***two***\n', '\n**_one_** **_two_**\n'],
    [NEST, '\n***bold and italic***\n', '\n**_bold and italic_**\n'],
    [
      FLANK,
      '\nbefore*.middle*after\n\nbefore*middle.*after\n\nbefore*.middle.*after\n',
      '\nbefore.middleafter\n\nbeforemiddle.after\n\nbefore.middle.after\n',
    ],
    [FLANK, '\nbefore*?!!middle?!!*after\n', '\nbefore?!!middle?!!after\n'],
    [FLANK, '\nbefore*-middle-*after\n', '\nbefore-middle-after\n'],
    [
      FLANK,
      '\ncheck it out*.*\n\ncheck it out*?*\n\ncheck it out*!!!*\n\n*!*just after\n\njust before*!*\n',
      '\ncheck it out.\n\ncheck it out?\n\ncheck it out!!!\n\n!just after\n\njust before!\n',
    ],
    [EMLINK, '\n[*one.*](/)[two](/) [*one.*](/)[two](/)\n', '\n*[one.](/)*[two](/) [*one.*](/)[two](/)\n'],
  ],
  'commonmark/code': [
    [
      CODESP,
      '\nbefore **`inline code`** after\n\nbefore *`inline code`* after\n',
      '\nbefore`inline code`after\n\nbefore`inline code`after\n',
    ],
    [CODESP, '\nbefore **`inline code`** after\n', '\nbefore`inline code`after\n'],
    [
      CODESP,
      '\nbefore *`inline code` and `inline code`* after\n\nbefore *`inline code` and `inline code`* after\n',
      '\nbefore`inline code` and `inline code`after\n\nbefore`inline code` and `inline code`after\n',
    ],
    [
      CODESP,
      '\nbefore`  `after\n\nbefore `  ` after\n\nbefore `  ` after\n',
      '\nbefore` `after\n\nbefore ` ` after\n\nbefore ` ` after\n',
    ],
    [PREEMPTY, '```\n\n```', '```\n```'],
    [
      CODESP,
      '\n```with `` backticks```\n\n`````a ``` b ```` c ` d`````\n',
      '\n`with `` backticks`\n\n``a ``` b ```` c ` d``\n',
    ],
    [
      CODESP,
      '\nbefore``` `` ```after\n\nbefore``` `` ```after\n\nbefore``` `` ```after\n\nbefore ``` `` ``` ' +
        'after\n\nbefore ``` `` ``` after\n\nbefore ``` `` ``` after\n\nbefore ``` `` ``` after\n\nbefore ``` `` ``` ' +
        'after\n\nbefore ``` `` ``` after\n',
      '\nbefore` `` `after\n\nbefore ` `` ` after\n\nbefore ` `` ` after\n\nbefore ` `` ` after\n\nbefore ` `` ` ' +
        'after\n\nbefore ` `` ` after\n\nbefore ` `` ` after\n\nbefore ` `` ` after\n\nbefore ` `` ` after\n',
    ],
    [LANG, '\n```one\ncontent', '\n```two\ncontent'],
  ],
  'commonmark/heading': [
    [EMPTY, '\n# a', '\n#\n\n#\n\n#\n\n# a'],
    [EMPTY, '\n## heading with spaces', '\n#\n\n## heading with spaces'],
    [LINKBLK, '> [**Heading 2**\\\n> \\\n> Description Line 1\\', '> [**Heading 2**\\\n> Description Line 1\\'],
    [
      LINKBLK,
      '> Description Line 3\\\n> \\\n> "Some quote"](/page.html)\n',
      '> Description Line 3\\\n> Some quote](/page.html)\n',
    ],
  ],
  'commonmark/image': [
    [ALT, '\n![  the  alt  attribute  ](/url)\n', '\n![the alt attribute](/url)\n'],
    [TITLE, '\n![](/url \'the title "attribute"\')\n', '\n![](/url "the title \\"attribute\\"")\n'],
    [
      NOHREF,
      '\n[*![Such Icon](/search.svg)*]() [*![Email Icon](/email.svg)*]()\n\n[*![Such Icon](/search.svg)*]() ' +
        '[*![Email Icon](/email.svg)*]()\n',
      '\n*![Such Icon](/search.svg)* *![Email Icon](/email.svg)*\n\n*![Such Icon](/search.svg)* *![Email ' +
        'Icon](/email.svg)*\n',
    ],
    [
      EMPTYHREFTITLE,
      '\n[![image alt text](/image.jpg "image title text")](/page.html "link title text")\n\n[![image alt ' +
        'text](/src)]()\n',
      '\n[![image alt text](/image.jpg "image title text")](/page.html "link title text")\\\n[![image alt ' +
        'text](/src)]( "link title text")\n',
    ],
  ],
  'commonmark/link': [
    [NOHREF, '[no href]()\n', 'no href\n'],
    [EMPTYHREFTITLE, '[no href]()\n\n[no href]()\n', '[no href]()\n\n[no href]( "link title")\n'],
    [TITLE, '\n[content](/ \'"link title"\')\n', '\n[content](/ "\\"link title\\"")\n'],
    [TITLE, '\n[content](/ \'"link title"\')\n', '\n[content](/ "\\"link title\\"")\n'],
    [BRACKET, '\n[a\n', '\n\\[a\n'],
    [ANCHOR, '\n# [](#intro)Introduction\n', '\n# [](#intro) Introduction\n'],
    [
      ADJ,
      '[A\\\nB](/)\n\n[A\\\n\\\nB](/)\n\n[A\\\n\\\nB](/)\n\n[A\\\n\\\nB\\\n\\\nC](/)\n\n[Start Line\\\n\\\nEnd ' +
        'Line](/)\n\n[newlines around the link content](/)',
      '[A\\\nB](/) [A\\\n\\\nB](/) [A\\\n\\\nB](/)\\\n[A\\\nB\\\nC](/)\\\n[Start Line\\\n\\\nEnd ' +
        'Line](/)\\\n\\\n[newlines around the link content](/)',
    ],
    [
      LINKBLK,
      '[first text\\\n\\\n![](/image.jpg)\\\n\\\nsecond text](/page.html)',
      '[first text\\\n![](/image.jpg)\\\nsecond text](/page.html)',
    ],
    [
      EMLINK,
      '\nbefore [**a inside strong**](/) after\n\nbefore[**a inside strong**](/)after\n',
      '\nbefore **[a inside strong](/)** after\n\nbefore[a inside strong](/)after\n',
    ],
    [
      EMLINK,
      '\nbefore [**middle**](/) after\n\nbefore [**middle**](/) after\n\nbefore[**middle**](/)after\n\nbefore ' +
        '[**middle**](/) after\n\nbefore [**middle**](/) after\n\nbefore [**middle**](/) after\n\nbefore**[with ' +
        'empty span](/)**after\n',
      '\nbefore **[middle](/)** after\n\nbefore **[middle](/)** after\n\nbefore[middle](/)after\n\nbefore ' +
        '**[middle](/)** after\n\nbefore **[middle](/)** after\n\nbefore **[middle](/)** after\n\nbefore[with empty ' +
        'span](/)after\n',
    ],
    [
      EMLINK,
      '\nbefore**[a](/) b**after\n\nbefore**[a](/)b**after\n\nbefore**[a](/) b [c](/)**after\n',
      '\nbefore[a](/) bafter\n\nbefore[a](/)bafter\n\nbefore[a](/) b [c](/)after\n',
    ],
    [EMLINK, '\nbefore[*a inside italic*](/)after\n', '\nbefore[a inside italic](/)after\n'],
    [EMLINK, '\nbefore[**a inside b**](/)after\n', '\nbefore[a inside b](/)after\n'],
    [
      EMLINK,
      '\nbefore**[middle](/)**after\n\nbefore**[*inside bold & italic*](/)**after\n\nbefore***[inside bold & ' +
        'italic](/)a*b**after\n\nbefore**[inside bold & italic](/)**after\n',
      '\nbefore[middle](/)after\n\nbefore[inside bold & italic](/)after\n\nbefore[inside bold & ' +
        'italic](/)abafter\n\nbefore[inside bold & italic](/)after\n',
    ],
    [
      EMLINK,
      '\nbefore***italic*[link](/)strong**after\n\n[before\\\n\\\nanother link\\\n\\\nafter](/a)',
      '\nbefore*italic*[link](/)**strong**after\n\n[before\\\nanother link\\\nafter](/a)',
    ],
  ],
  'commonmark/list': [
    [LOOSE, '- 1\n- 2\n- - 3.1\n  - 3.2\n- 4 Before', '- 1\n\n-\n\n- 2\n\n- - 3.1\n  - 3.2\n\n- 4 Before'],
    [LOOSE, '  - 4.1\n  - 4.2\n- - 5.1', '  - 4.1\n\n  - 4.2\n\n- - 5.1'],
    [LOOSE, '  5 After\n- 6 Before\\', '  5 After\n\n- 6 Before\\'],
    [LOOSE, '  6 also After\n- 7', '  6 also After\n\n- 7'],
    [LOOSE, '- First\n- Someone once said:', '- First\n\n- Someone once said:'],
    [
      OLPAD,
      '\n09. Nine\n10. Ten\n11. 111. Eleven.A\n    112. Eleven.B\n12. Someone once said:',
      '\n9. Nine\n\n10. Ten\n\n11. 111. Eleven.A\n    112. Eleven.B\n\n12. Someone once said:',
    ],
    [LOOSE, '    \\- someone\n13. Thirteen', '    \\- someone\n\n13. Thirteen'],
    [ADJLIST, '\n09. a\n10. b\n', '\n9) a\n10) b\n'],
    [ADJLIST, '\n- List 2\n', '\n* List 2\n'],
    [ADJLIST, '\n- List 4\n', '\n* List 4\n'],
    [ADJLIST, '\n- List 6\n', '\n* List 6\n'],
    [ADJLIST, '- - List 1\n\n  - List 2\n\n  - List 3', '- - List 1\n  * List 2\n  - List 3'],
    [
      IMPLICIT,
      '\n1. A 1 (div)\n\n   A 2 (#text)\n2. A 3 (li) A 4 (#text)\n\n   1. B 1 (li)\n\n      1. C 1 (li)',
      '\n1) A 1 (div)\n\n   A 2 (#text)\n2) A 3 (li)\n\n   A 4 (#text)\n   1. B 1 (li)\n      1. C 1 (li)',
    ],
    [LOOSE, '  End Line\n- Start Line', '  End Line\n\n- Start Line'],
    [TIGHT, '- item:\n\n  ```', '- item:\n  ```'],
    [TIGHT, '\n- item 1:\n\n  - nested item 1:\n\n    ```', '\n* item 1:\n  - nested item 1:\n    ```'],
    [ADJLIST, '  - nested item 2\n- item 2\n', '  - nested item 2\n* item 2\n'],
  ],
  'commonmark/metadata': [
    [
      ESC,
      '\n\\\\a \\\\* \\\\\\\\\n\n.&lt;name&gt; .&lt; name &gt;. &lt;name&gt;\n\n2 &gt; 1\\\n1 &lt; 2\\\nA & B\\\nA & ' +
        'B\\\n&ouml;\n\n\\*not emphasized*\\\n&lt;br/&gt; not a tag\\\n\\[not a link](/foo)\\',
      '\n\\\\a \\\\\\* \\\\\\\\\n\n.\\<name> .< name >. \\<name>\n\n2 > 1\\\n1 < 2\\\nA & B\\\nA & ' +
        'B\\\n\\&ouml;\n\n\\*not emphasized\\*\\\n\\<br/> not a tag\\\n\\[not a link](/foo)\\',
    ],
    [
      ESC,
      '\\[foo]: /url "not a reference"\\\n&ouml; not a character entity\n',
      '\\[foo]: /url "not a reference"\\\n\\&ouml; not a character entity\n',
    ],
  ],
  'strikethrough/strikethrough': [],
  'table/basics': [
    [TEMPTY, '| --- | --- |\n|  |  |\n|  |  |\n\n|  |  |\n| --- | --- |\n|  | B1 |', '| --- | --- |\n|  | B1 |'],
    [TEMPTY, '\n|  |  |  |\n| :-- | :-: | --: |\n|  |  |  |\n|  |  |  |\n\n* * *', '\n* * *'],
    [
      TESC,
      '\n| A (B) C | A \\*\\*B\\** C |\n| --- | --- |\n| A (B) | A \\*B* |\n| A \\| B |  |',
      '\n| A (B) C | A \\*\\*B\\*\\* C |\n| --- | --- |\n| A (B) | A \\*B\\* |\n| A \\| B |  |',
    ],
    [PRES, '\nA1 A2\n\nB1 B2', '\nA1\n\nA2\n\nB1\n\nB2'],
  ],
  'table/col_row_span': [],
  'table/contents': [
    [
      T1X1,
      '\n|  |\n| --- |\n| Some normal content |\n\n|  |\n| --- |\n| Some normal content |\n\n|  |\n| --- |\n| Some ' +
        'normal content |\n',
      '\nSome normal content\n\nSome normal content\n\nSome normal content\n',
    ],
    [EMPTY, '\nnot the empty heading', '\n#\n\nnot the empty heading'],
    [T1X1, '\n|  |\n| --- |\n| Nested Table |\n', '\nNested Table\n'],
    [T1X1, '\n|  |\n| --- |\n| Nested Table |\n', '\nNested Table\n'],
  ],
  'table/email': [],
  'table/parents': [
    [
      LINKBLK,
      '[link content before\\\n\\\nA1 A2\\\n\\\nlink content after](/link)',
      '[link content before\\\nA1 A2\\\nlink content after](/link)',
    ],
    [LINKBLK, '\n["\\\n\\\nA1 A2\\\n\\\n"](/link)\n', '\n[A1 A2](/link)\n'],
    [TINLINE, '\n**A1 A2**\n', '\n|  |  |\n| --- | --- |\n| A1 | A2 |\n'],
    [
      TINLINE,
      '\n*italic content before " blockquote content before*\n\n*A1 A2*\n\n*blockquote content after " italic ' +
        'content after*\n',
      '\n*italic content before*\n\n> *blockquote content before*\n>\n> |  |  |\n> | --- | --- |\n> | A1 | A2 ' +
        '|\n>\n> *blockquote content after*\n\n*italic content after*\n',
    ],
  ],
};

describe.skipIf(!present)(
  `golden pairs (${present ? GOLDEN_DIR : 'skipped: ../shared/data/markdown-golden/ is absent'})`,
  () => {
    for (const [name, differences] of Object.entries(INTENDED)) {
      it(name, () => {
        const html = readFileSync(`${GOLDEN_DIR}${name}.in.html`, 'utf8');
        let expected = normalizeStyle(readFileSync(`${GOLDEN_DIR}${name}.out.md`, 'utf8'));
        // Differences are listed in document order; each applies after the previous one.
        let from = 0;
        for (const [why, reference, ours] of differences) {
          const at = expected.indexOf(reference, from);
          expect(at, `listed difference no longer in the reference: ${why}`).toBeGreaterThanOrEqual(0);
          expected = expected.slice(0, at) + ours + expected.slice(at + reference.length);
          from = at + ours.length;
        }
        expect(normalizeStyle(htmlToMarkdown(html))).toBe(expected);
      });
    }
  },
);

/**
 * The text change tracking compares, so formatting noise from the converter does not count as a change while any
 * change of words or their order does:
 * 1. Unicode NFC; CRLF and CR become LF.
 * 2. Trailing spaces and tabs are removed from every line (markdown hard breaks are converter noise here).
 * 3. Lines holding only whitespace become empty; runs of empty lines collapse to one.
 * 4. Leading and trailing empty lines are removed; the result ends without a newline.
 * Nothing else: reordered paragraphs, changed words, links or punctuation are all changes.
 */
export function normalizeMarkdown(markdown: string): string {
  const lines = markdown
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''));
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

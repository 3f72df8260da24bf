/**
 * The JSON a model meant to write: the whole reply, or the fenced ```json block, or the outermost {...} inside
 * chatter ("Sure! Here is the JSON: {...}"). Undefined when none of these parses.
 */
export function parseModelJson(text: string): unknown {
  const attempts = [text.trim()];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  if (fenced) attempts.push(fenced[1]!.trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) attempts.push(text.slice(first, last + 1));
  for (const candidate of attempts) {
    try {
      return JSON.parse(candidate);
    } catch {
      // next form
    }
  }
  return undefined;
}

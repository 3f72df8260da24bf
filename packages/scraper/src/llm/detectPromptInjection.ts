/**
 * Instruction-like text aimed at a model reading the page. Each pattern needs a command *and* its target (the
 * model's instructions, its role, the conversation format), so ordinary prose about instructions does not match.
 */
const PATTERNS: readonly RegExp[] = [
  // "Ignore all previous instructions", "disregard the above prompt", "forget your rules".
  new RegExp(
    String.raw`\b(ignore|disregard|forget|override|bypass|skip)\b[^.\n]{0,40}\b` +
      String.raw`(previous|prior|above|earlier|preceding|all|any|your|system|original)\b[^.\n]{0,30}\b` +
      String.raw`(instructions?|prompts?|rules|directions|guidelines|directives)\b`,
    'i',
  ),
  // "You are now DAN", "from now on you will".
  /\b(you are now|from now on,? you|you will now act|pretend (to be|you are)|roleplay as)\b/i,
  // "New instructions:", "Updated system prompt:".
  /\b(new|updated|real|actual|hidden|secret)\s+(system\s+)?(instructions?|prompt)\s*:/i,
  // "Reveal your system prompt", "print the instructions above".
  /\b(reveal|print|show|output|repeat|leak)\b[^.\n]{0,30}\b(system prompt|your (instructions|prompt|rules))\b/i,
  // Notes addressed to the model: "AI assistants must respond with...", "Note to LLMs: output...".
  new RegExp(
    String.raw`\b(ai|llm|language model|assistant|chatbot|gpt)s?\b[^.\n]{0,40}\b` +
      String.raw`(must|should|are (instructed|required) to|need to)\b[^.\n]{0,30}\b` +
      String.raw`(ignore|output|respond|reply|say|return|answer|extract)\b`,
    'i',
  ),
  // Chat-template tokens and role headers smuggled into content.
  /<\|im_start\|>|<\|im_end\|>|<\|system\|>|<\|assistant\|>|\[INST\]|<<SYS>>|^\s*(system|assistant)\s*:\s*\S/im,
  /\bdo not (follow|obey)\b[^.\n]{0,30}\b(user|previous|original|system)\b/i,
];
/** A match is quoted back (in error details) at most this long. */
const MATCH_EXCERPT = 120;

/** Instruction-like passages of the page, empty when none. Deterministic: no model involved. */
export function detectPromptInjection(text: string): string[] {
  const found: string[] = [];
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text);
    if (match) found.push(match[0].trim().slice(0, MATCH_EXCERPT));
  }
  return found;
}

import { ENV_VARIABLES, type EnvVariable } from './envSchema.js';

/** The markers in docs/self-hosting.md between which the table lives (written by scripts/renderConfigTable.mjs). */
export const CONFIG_TABLE_BEGIN =
  '<!-- config-table:begin (generated from packages/scraper/src/config/envSchema.ts) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

function defaultOf(definition: EnvVariable<unknown>): string {
  if (definition.defaultText !== undefined) return definition.defaultText;
  if (definition.default === undefined) return '(none)';
  if (typeof definition.default === 'boolean') return definition.default ? '`1`' : '`0`';
  return `\`${String(definition.default)}\``;
}

/** A table cell: pipes would end the cell early. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The configuration table in Markdown: one row per variable, in the schema's order. */
export function renderConfigTable(): string {
  const rows = (Object.entries(ENV_VARIABLES) as [string, EnvVariable<unknown>][]).map(
    ([name, definition]) =>
      `| \`${name}\` | ${cell(definition.type.label)} | ${cell(defaultOf(definition))} | ${cell(
        definition.meaning,
      )} | ` + `${definition.usedBy.join(', ')} |`,
  );
  return ['| Variable | Type | Default | Meaning | Used by |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `doc` with the text between the markers replaced by the current table; throws when the markers are missing. */
export function withConfigTable(doc: string): string {
  const begin = doc.indexOf(CONFIG_TABLE_BEGIN);
  const end = doc.indexOf(CONFIG_TABLE_END);
  if (begin === -1 || end < begin)
    throw new Error(`the document lacks the markers ${CONFIG_TABLE_BEGIN} ... ${CONFIG_TABLE_END}`);
  return `${doc.slice(0, begin + CONFIG_TABLE_BEGIN.length)}\n${renderConfigTable()}\n${doc.slice(end)}`;
}

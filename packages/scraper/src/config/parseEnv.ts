import { ConfigError } from './configError.js';
import { ENV_VARIABLES, type ConfigUser, type EnvVariable, type EnvVariableName } from './envSchema.js';

type Variables = typeof ENV_VARIABLES;
/** The typed value of each variable: its default when unset, `undefined` only for variables without one. */
export type EnvValues = {
  -readonly [K in EnvVariableName]: Variables[K] extends EnvVariable<infer T, infer D>
    ? D extends undefined
      ? T | undefined
      : T
    : never;
};

/** A raw environment: the process environment, or a plain object in tests and embedders. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface EnvReading {
  /** Every value; a variable with a problem holds its default, so callers can still check the rest. */
  values: EnvValues;
  /** One line per bad variable, naming it and what was wrong (secrets are not echoed). Empty: all valid. */
  problems: string[];
}

/** Which variables to read: those used by a package, or named ones. */
export type EnvSelection = readonly (ConfigUser | EnvVariableName)[];

/**
 * Validates the variables (all, or those `only` selects) against the schema in one pass, collecting every problem
 * rather than stopping at the first: an operator fixes the whole configuration in one round.
 */
export function readEnv(env: Env, only?: EnvSelection): EnvReading {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, definition] of Object.entries(ENV_VARIABLES) as [string, EnvVariable<unknown>][]) {
    if (only && !only.includes(name as EnvVariableName) && !definition.usedBy.some((user) => only.includes(user)))
      continue;
    const raw = env[name];
    const parsed = definition.type.schema.safeParse(raw);
    if (parsed.success) {
      values[name] = parsed.data ?? definition.default;
      continue;
    }
    values[name] = definition.default;
    for (const issue of parsed.error.issues) {
      problems.push(`${name} ${issue.message}${definition.secret ? '' : `, got "${raw?.trim()}"`}`);
    }
  }
  return { values: values as EnvValues, problems };
}

/** The values of every variable (or those used by `only`); throws one ConfigError listing every problem. */
export function parseEnv(env: Env = process.env, only?: EnvSelection): EnvValues {
  const { values, problems } = readEnv(env, only);
  if (problems.length > 0) throw new ConfigError(problems);
  return values;
}

/** SCRAPE_* variables of the tooling, not of the service (scripts/useNode.sh picks the Node.js that runs it). */
const TOOLING_VARIABLES = new Set(['SCRAPE_NODE_BIN', 'SCRAPE_NODE_MAJOR']);

/**
 * SCRAPE_* variables the schema does not know: most likely typos (SCRAPE_JOB_WORKER), which would otherwise be
 * ignored without a word. The bins log them as a warning; they do not stop the start-up.
 */
export function unknownVariables(env: Env): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('SCRAPE_') && !(name in ENV_VARIABLES) && !TOOLING_VARIABLES.has(name))
    .sort();
}

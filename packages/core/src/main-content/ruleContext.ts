// The shape every rule of the registry (rules.ts) shares, the one context object the prune rules read, and the
// runner that applies them in order. Kept apart from the registry so that stages can read a switch without importing
// every rule.
import type { PageKind } from './classifyPage.js';
import type { NodeStats } from './measureTree.js';
import type { Stage, Tracer, TraceSink } from './traceEvents.js';

/** Whether a rule runs: all do unless named in `disabled`. */
export type RuleSwitch = (id: string) => boolean;

export function ruleSwitch(disabled: ReadonlySet<string> | undefined): RuleSwitch {
  if (disabled === undefined || disabled.size === 0) return () => true;
  return (id) => !disabled.has(id);
}

/** What a prune rule reads and writes: the chosen root, the blocks dropped so far (it adds to them), the page's
 *  kind. */
export interface PruneContext {
  root: NodeStats;
  removed: Set<NodeStats>;
  page: PageKind;
  /** Other rules' switches, for rules whose behaviour another switch refines ('inline-links-stay'). */
  on: RuleSwitch;
  /** This rule's trace sink (the runner sets it before each rule); undefined when nobody traces. */
  trace: TraceSink | undefined;
  /** The addresses the page goes by (where it was read from, its canonical link): a promo links to this site. */
  address?: { url?: string; canonicalUrl?: string };
}

/** One rule of the extractor. */
export interface MainContentRule {
  /** As `disabledRules`, the ablation report and trace events name it. */
  id: string;
  stage: Extract<Stage, 'classify' | 'root' | 'prune'>;
  /** Which pages it runs on (for switches: which pages the stage reads it on). */
  appliesTo: (page: PageKind) => boolean;
  why: string;
  /** A prune pass the runner applies in registry order. Absent for a switch: a test inside a stage's own walk
   *  (measurePage, relabelChrome, chooseRoot, pruneBlocks, or another rule) that reads `on(id)`. */
  apply?: (ctx: PruneContext) => void;
}

/** Applies every rule of `rules` that has a pass, is switched on and applies to the page, in order. */
export function runRules(rules: readonly MainContentRule[], ctx: PruneContext, tracer: Tracer): void {
  for (const rule of rules) {
    if (rule.apply === undefined || !ctx.on(rule.id) || !rule.appliesTo(ctx.page)) continue;
    ctx.trace = tracer.sink(rule.stage, rule.id);
    rule.apply(ctx);
  }
}

// Structured trace of the extractor's decisions: every event names the stage and the rule (a MAIN_CONTENT_RULES id,
// or the name of a fixed step that no switch turns off) that decided, with the human-readable line the rule wrote.
// Zero cost when off: a rule receives no sink, and `trace?.push(`...`)` then builds no string.

export type Stage = 'measure' | 'classify' | 'root' | 'prune' | 'write';

export interface TraceEvent {
  stage: Stage;
  /** The rule's id in MAIN_CONTENT_RULES, or a fixed step's name (e.g. 'read-hidden', 'fallback-whole-page'). */
  rule: string;
  /** What the rule decided, for people: the same line `trace` receives. */
  message: string;
}

/** Where a rule writes its decisions: a string array satisfies it, so do the sinks `Tracer.sink` hands out. */
export interface TraceSink {
  push(message: string): unknown;
}

/** Hands each rule a sink that records events under the rule's id; undefined everywhere when tracing is off. */
export interface Tracer {
  sink(stage: Stage, rule: string): TraceSink | undefined;
}

/** The tracer of a run nobody traces (and of passes whose decisions are not reported). */
export const NO_TRACE: Tracer = { sink: () => undefined };

/** A tracer writing each event's message to `lines` and the event to `onEvent`; NO_TRACE when neither is given. */
export function makeTracer(lines?: string[], onEvent?: (event: TraceEvent) => void): Tracer {
  if (lines === undefined && onEvent === undefined) return NO_TRACE;
  return {
    sink: (stage, rule) => ({
      push(message: string): void {
        lines?.push(message);
        onEvent?.({ stage, rule, message });
      },
    }),
  };
}

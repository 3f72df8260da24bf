import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completion,
  lastToolResult,
  startOpenAiDouble,
  toolCallCompletion,
  type OpenAiDouble,
} from '@scrape/test-support/openAiDouble';
import { createLlmClient } from './createLlmClient.js';
import { runToolLoop, type LoopTool } from './runToolLoop.js';

let llm: OpenAiDouble;
beforeAll(async () => {
  llm = await startOpenAiDouble();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => llm.reset());

const client = () =>
  createLlmClient({
    baseUrl: llm.baseUrl,
    model: 'm',
    timeoutMs: 5_000,
    maxRetries: 0,
    retryBaseMs: 5,
    contextTokens: 8192,
    maxOutputTokens: 1024,
  });

function adder(calls: number[][]): LoopTool {
  return {
    definition: {
      name: 'add',
      description: 'Adds two numbers.',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    async run(args) {
      if (typeof args.a !== 'number' || typeof args.b !== 'number') throw new Error('a and b must be numbers');
      calls.push([args.a, args.b]);
      return String(args.a + args.b);
    },
  };
}

describe('runToolLoop', () => {
  it('offers the tools, runs the calls, answers each by id, and ends with the text answer', async () => {
    const calls: number[][] = [];
    llm.reply(
      toolCallCompletion([
        { name: 'add', arguments: { a: 2, b: 3 }, id: 'c1' },
        { name: 'add', arguments: { a: 10, b: 1 }, id: 'c2' },
      ]),
      // The answer is built from what the tools really returned, so a loop that lost a result fails here.
      (req) =>
        completion(
          `the sums are ${(req.body.messages as { role: string; content: string }[])
            .filter((m) => m.role === 'tool')
            .map((m) => m.content)
            .join(' and ')}`,
        ),
    );
    const seen: string[] = [];
    const result = await runToolLoop({
      client: client(),
      messages: [{ role: 'user', content: 'add things' }],
      tools: [adder(calls)],
      maxSteps: 5,
      signal: new AbortController().signal,
      hooks: { afterTool: (c) => void seen.push(`${c.name}:${c.result}`) },
    });
    expect(result).toMatchObject({ outcome: 'answered', answer: 'the sums are 5 and 11', steps: 2 });
    expect(calls).toEqual([
      [2, 3],
      [10, 1],
    ]);
    expect(seen).toEqual(['add:5', 'add:11']);
    const first = llm.requests[0]!.body;
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'add',
          description: 'Adds two numbers.',
          parameters: expect.objectContaining({ required: ['a', 'b'] }),
        },
      },
    ]);
    const second = llm.requests[1]!.body.messages as { role: string; tool_call_id?: string; tool_calls?: unknown[] }[];
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(second[1]!.tool_calls).toHaveLength(2);
    expect(second.slice(2).map((m) => m.tool_call_id)).toEqual(['c1', 'c2']);
  });

  it('tells the model about unknown tools, bad JSON and failing tools instead of ending', async () => {
    llm.reply(
      toolCallCompletion([{ name: 'multiply', arguments: {} }]),
      (req) => (
        expect(lastToolResult(req)).toMatch(/no tool named "multiply"/),
        toolCallCompletion([{ name: 'add', arguments: '{"a": 1,' }])
      ),
      (req) => (
        expect(lastToolResult(req)).toMatch(/not a JSON object/),
        toolCallCompletion([{ name: 'add', arguments: { a: 'x', b: 1 } }])
      ),
      (req) => completion(`gave up: ${lastToolResult(req)}`),
    );
    const result = await runToolLoop({
      client: client(),
      messages: [{ role: 'user', content: 'x' }],
      tools: [adder([])],
      maxSteps: 10,
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ outcome: 'answered', answer: 'gave up: error: a and b must be numbers', steps: 4 });
  });

  it('stops a model that never stops calling tools at maxSteps', async () => {
    const calls: number[][] = [];
    llm.fallback(() => toolCallCompletion([{ name: 'add', arguments: { a: 1, b: 1 } }]));
    const result = await runToolLoop({
      client: client(),
      messages: [{ role: 'user', content: 'x' }],
      tools: [adder(calls)],
      maxSteps: 3,
      signal: new AbortController().signal,
    });
    expect(result.outcome).toBe('step_limit');
    expect(calls).toHaveLength(3);
    expect(llm.requests).toHaveLength(3);
  });

  it('a hook that throws before a call stops the loop with that error, and the call does not run', async () => {
    const calls: number[][] = [];
    llm.fallback(() => toolCallCompletion([{ name: 'add', arguments: { a: 1, b: 1 } }]));
    let budget = 2;
    const run = runToolLoop({
      client: client(),
      messages: [{ role: 'user', content: 'x' }],
      tools: [adder(calls)],
      maxSteps: 10,
      signal: new AbortController().signal,
      hooks: {
        beforeTool: () => {
          if (budget-- <= 0) throw new Error('budget spent');
        },
      },
    });
    await expect(run).rejects.toThrow('budget spent');
    expect(calls).toHaveLength(2);
  });

  it('an aborted signal ends the loop', async () => {
    const controller = new AbortController();
    llm.fallback(
      () => (
        controller.abort(new Error('cancelled')), toolCallCompletion([{ name: 'add', arguments: { a: 1, b: 1 } }])
      ),
    );
    const calls: number[][] = [];
    await expect(
      runToolLoop({
        client: client(),
        messages: [{ role: 'user', content: 'x' }],
        tools: [adder(calls)],
        maxSteps: 10,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { postProcess } from './postProcess.js';
import type { ScrapePlan } from './plan.js';
import type { Content } from './types.js';

const plan = (removeBase64Images: boolean) => ({ request: { removeBase64Images } }) as unknown as ScrapePlan;
const text = { kind: 'text' } as unknown as Content;
const markdown = 'Logo: ![logo](data:image/png;base64,iVBORw0KGgo= "the logo") and ![x](<data:image/gif;base64,R0lG>)';

describe('postProcess', () => {
  it('replaces base64 image targets in a markdown body with the core scanner, titles kept', () => {
    const out = postProcess(plan(true), text, { markdown });
    expect(out.markdown).toBe('Logo: ![logo](<Base64-Image-Removed> "the logo") and ![x](<Base64-Image-Removed>)');
  });

  it('leaves them when removeBase64Images is false', () => {
    expect(postProcess(plan(false), text, { markdown }).markdown).toBe(markdown);
  });
});

import type { AgentTool } from '../agentTypes.js';
import type { AgentToolsOptions } from './agentToolsOptions.js';
import { checkUrl } from './toolInput.js';

/** `page_code`: Playwright code on a page in a fresh interact session; its outcome's JSON text goes to the model. */
export function pageCodeTool(
  pageCode: NonNullable<AgentToolsOptions['pageCode']>,
  options: AgentToolsOptions,
): AgentTool {
  return {
    definition: {
      name: 'page_code',
      description:
        'Open a URL in a real browser and run Playwright JavaScript on it (the body of an async function with ' +
        '`page` in scope; `return` a JSON value). Use it for pages that need clicks, typing or scrolling ' +
        'before their content shows.',
      parameters: {
        type: 'object',
        properties: { url: { type: 'string' }, code: { type: 'string' } },
        required: ['url', 'code'],
      },
    },
    credits: options.pageCodeCredits ?? 2,
    async run(args) {
      const url = checkUrl(args.url, options.onlyUnder);
      if (typeof args.code !== 'string' || args.code.length === 0) throw new Error('"code" must be a non-empty string');
      const text = await pageCode(url, args.code);
      return { text, artifact: { kind: 'text', content: text } };
    },
  };
}

import { BrowserError, isBrowserError, reasonOf } from './BrowserError.js';
import { type ActionEnvironment, settleBudget } from './actions/actionEnvironment.js';
import { clickAction } from './actions/clickAction.js';
import { executeJavascriptAction } from './actions/executeJavascriptAction.js';
import { pdfAction } from './actions/pdfAction.js';
import { scrollAction } from './actions/scrollAction.js';
import { waitAction } from './actions/waitAction.js';
import { writeAction } from './actions/writeAction.js';
import { takeScreenshot } from './takeScreenshot.js';
import type { Action, ActionResults } from './types.js';

/** Runs one action with the step of its type (actions/*); what it produces goes into `results`. */
async function runOne(action: Action, env: ActionEnvironment, results: ActionResults): Promise<void> {
  const { page } = env;
  switch (action.type) {
    case 'wait':
      return waitAction(action, env);
    case 'click':
      return clickAction(action, env);
    case 'write':
      return writeAction(action, env);
    case 'press':
      await page.keyboard.press(action.key);
      await env.settle(settleBudget(env));
      return;
    case 'scroll':
      return scrollAction(action, env);
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case 'executeJavascript':
      return executeJavascriptAction(action, env, results);
    case 'screenshot':
      results.screenshots.push(
        await takeScreenshot(
          page,
          { fullPage: action.fullPage, quality: action.quality, viewport: action.viewport },
          env.deadline - Date.now(),
        ),
      );
      return;
    case 'pdf':
      return pdfAction(action, env, results);
  }
}

function describe(action: Action): string {
  if ('selector' in action && action.selector !== undefined) return `${action.type} "${action.selector}"`;
  if (action.type === 'press') return `press "${action.key}"`;
  return action.type;
}

/** Runs the actions in order; the first failure stops the render with an error naming its index and reason. */
export async function runActions(actions: Action[], env: ActionEnvironment): Promise<ActionResults> {
  const results: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index];
    try {
      await runOne(action, env, results);
    } catch (error) {
      if (isBrowserError(error)) throw error;
      const reason = reasonOf(error);
      throw new BrowserError(
        'action_failed',
        `action ${index} (${describe(action)}) failed: ${reason}`,
        { actionIndex: index, actionType: action.type, reason },
        { cause: error },
      );
    }
  }
  return results;
}

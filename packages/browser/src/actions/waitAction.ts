import { type ActionEnvironment, type ActionOf, elementTimeout } from './actionEnvironment.js';

/**
 * `wait`: for a selector, until its first match is visible (bounded by the element timeout); for milliseconds, that
 * long, refused up front when it would outlast the render's budget.
 */
export async function waitAction(action: ActionOf<'wait'>, env: ActionEnvironment): Promise<void> {
  const { page } = env;
  if (action.selector !== undefined) {
    await page
      .locator(action.selector)
      .first()
      .waitFor({ state: 'visible', timeout: elementTimeout(env) });
  } else {
    const left = env.deadline - Date.now();
    if (action.milliseconds! > left)
      throw new Error(`waiting ${action.milliseconds} ms would exceed the timeout (${Math.max(0, left)} ms left)`);
    await page.waitForTimeout(action.milliseconds!);
  }
}

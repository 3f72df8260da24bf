import type { InteractSessions } from '@scrape/scraper/internal';

/** Seconds one page_code step may run (the navigation, then the code). */
const PAGE_CODE_TIMEOUT_S = 30;

/** Opens `url` in a fresh session of the run's team, runs `code` there, and always closes the session. */
export async function runPageCode(
  interact: InteractSessions,
  team: string | undefined,
  url: string,
  code: string,
): Promise<string> {
  const session = await interact.createBrowser({}, team, { unbilled: true });
  try {
    const opened = await interact.execute(
      session.id,
      {
        code: `await page.goto(${JSON.stringify(url)}); return page.url();`,
        language: 'node',
        timeout: PAGE_CODE_TIMEOUT_S,
      },
      team,
    );
    if (!opened.success) throw new Error(`could not open ${url}: ${opened.error ?? 'unknown error'}`);
    const ran = await interact.execute(session.id, { code, language: 'node', timeout: PAGE_CODE_TIMEOUT_S }, team);
    return JSON.stringify({
      success: ran.success,
      result: ran.result,
      stdout: ran.stdout,
      ...(ran.error ? { error: ran.error } : {}),
    });
  } finally {
    await interact.stopBrowser(session.id, team).catch(() => {});
  }
}

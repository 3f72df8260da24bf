import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from './config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('has embedded, loopback, keyless defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3002,
      host: '127.0.0.1',
      apiKeys: [],
      apiKeysSource: 'none',
      allowPrivateUrls: false,
      dataDir: DEFAULT_DATA_DIR,
      logLevel: 'info',
      shutdownGraceMs: 25000,
      redisUrl: undefined,
      proxies: {},
      jobWorkers: 8,
      metrics: { teams: false, workerHost: '127.0.0.1' },
      interact: { settings: {} },
    });
    // The scraper gets the same values and nothing the library would not default to itself.
    expect(config.scraper).toEqual({ allowPrivateUrls: false, dataDir: DEFAULT_DATA_DIR, proxies: {} });
  });

  it('hands the scraper, interact and agent settings to the server from the same variables', () => {
    const config = loadConfig({
      SCRAPE_REDIS_KEY_PREFIX: 'svc1:',
      SCRAPE_ACCOUNTS_KEY_PREFIX: 'svc1:accounts:',
      SCRAPE_TRANSFORM_THREADS: '0',
      SCRAPE_FFMPEG_PATH: '/opt/ffmpeg',
      CHROMIUM_PATH: '/opt/chromium',
      SCRAPE_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      SCRAPE_LLM_MODEL: 'qwen',
      SCRAPE_INTERACT_RETAIN_MS: '0',
      SCRAPE_AGENT_MAX_STEPS: '5',
      SCRAPE_JOB_WORKERS: '0',
      SCRAPE_METRICS_TEAMS: 'yes',
      SCRAPE_WORKER_METRICS_PORT: '9100',
    });
    expect(config.scraper).toMatchObject({
      redisKeyPrefix: 'svc1:',
      transformThreads: false,
      ffmpegPath: '/opt/ffmpeg',
      browser: { executablePath: '/opt/chromium' },
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen' },
    });
    expect(config).toMatchObject({
      accountsKeyPrefix: 'svc1:accounts:',
      interact: { settings: { retainMs: 0 } },
      agent: { maxSteps: 5 },
      jobWorkers: 0,
      metrics: { teams: true, workerPort: 9100 },
    });
  });

  it('reads the artifact secret, public URL and proxies, and names each bad one', () => {
    const c = loadConfig({
      SCRAPE_ARTIFACT_SECRET: 'a'.repeat(32),
      SCRAPE_PUBLIC_URL: 'https://scrape.example.com',
      SCRAPE_PROXY_BASIC: 'http://proxy.internal:3128',
      SCRAPE_PROXY_ENHANCED: 'http://user:p%40ss@antibot.example:8080',
    });
    expect(c.artifactSecret).toBe('a'.repeat(32));
    expect(c.publicUrl).toBe('https://scrape.example.com');
    expect(c.proxies).toEqual({
      basic: { server: 'http://proxy.internal:3128' },
      enhanced: { server: 'http://antibot.example:8080', username: 'user', password: 'p@ss' },
    });
    let message = '';
    try {
      loadConfig({
        SCRAPE_ARTIFACT_SECRET: 'short',
        SCRAPE_PUBLIC_URL: 'scrape.example.com',
        SCRAPE_PROXY_ENHANCED: 'socks5://x:1080',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SCRAPE_ARTIFACT_SECRET must be at least 16');
    expect(message).toContain('SCRAPE_PUBLIC_URL must be');
    expect(message).toContain('SCRAPE_PROXY_ENHANCED must be an http:// proxy URL');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SCRAPE_API_KEYS: ' a-key , b-key,,a-key ',
      SCRAPE_ALLOW_PRIVATE_URLS: 'true',
      SCRAPE_DATA_DIR: '/var/lib/scrape',
      LOG_LEVEL: 'WARN',
      SCRAPE_SHUTDOWN_GRACE_MS: '1000',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      apiKeys: ['a-key', 'b-key'],
      allowPrivateUrls: true,
      dataDir: '/var/lib/scrape',
      logLevel: 'warn',
      shutdownGraceMs: 1000,
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('reads a keys file with comments and blank lines, merged with SCRAPE_API_KEYS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrape-keys-'));
    const file = join(dir, 'keys');
    writeFileSync(file, '# production keys\nfile-key-1\n\n  file-key-2   # the CI key\r\n#disabled-key\n');
    const c = loadConfig({ SCRAPE_API_KEYS_FILE: file, SCRAPE_API_KEYS: 'env-key' });
    expect(c.apiKeys).toEqual(['env-key', 'file-key-1', 'file-key-2']);
    expect(c.apiKeysSource).toContain(file);
  });

  it('reports every problem at once, with the variable named', () => {
    const problems = problemsOf({
      PORT: 'http',
      LOG_LEVEL: 'loud',
      SCRAPE_ALLOW_PRIVATE_URLS: 'maybe',
      SCRAPE_SHUTDOWN_GRACE_MS: '-5',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT.*"http"/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL.*"loud"/);
    expect(problems.join('\n')).toMatch(/SCRAPE_ALLOW_PRIVATE_URLS.*"maybe"/);
    expect(problems.join('\n')).toMatch(/SCRAPE_SHUTDOWN_GRACE_MS/);
  });

  it('rejects a REDIS_URL that is not a redis URL, without echoing it', () => {
    const problems = problemsOf({ REDIS_URL: 'http://user:hunter2@cache:6379' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^REDIS_URL must be a redis:\/\//);
    expect(problems[0]).not.toContain('hunter2');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/2',
    );
  });

  it.each(['65536', '3.5', '-1'])('rejects PORT %s', (port) => {
    expect(problemsOf({ PORT: port })[0]).toMatch(/^PORT/);
  });

  it('refuses a keyless service on a non-loopback address', () => {
    const problems = problemsOf({ HOST: '0.0.0.0' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/no API keys.*SCRAPE_API_KEYS/);
    expect(loadConfig({ HOST: '0.0.0.0', SCRAPE_API_KEYS: 'k' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).apiKeys).toEqual([]);
  });

  it('rejects unreadable or empty key files and keys with whitespace', () => {
    expect(problemsOf({ SCRAPE_API_KEYS_FILE: '/nonexistent/keys' })[0]).toMatch(/cannot read.*ENOENT/);
    const dir = mkdtempSync(join(tmpdir(), 'scrape-keys-'));
    writeFileSync(join(dir, 'empty'), '# nothing here\n\n');
    expect(problemsOf({ SCRAPE_API_KEYS_FILE: join(dir, 'empty') })[0]).toMatch(/holds no keys/);
    expect(problemsOf({ SCRAPE_API_KEYS: 'has space' })[0]).toMatch(/whitespace/);
    expect(problemsOf({ SCRAPE_API_KEYS: ' , ,' })[0]).toMatch(/holds no keys/);
  });
});

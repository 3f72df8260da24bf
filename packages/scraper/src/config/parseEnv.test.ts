import { describe, expect, it } from 'vitest';
import { ConfigError } from './configError.js';
import { ENV_VARIABLES } from './envSchema.js';
import { parseEnv, readEnv, unknownVariables } from './parseEnv.js';
import { scraperOptionsFromEnv } from './scraperOptionsFromEnv.js';
import { serverConfigFromEnv } from './serverConfigFromEnv.js';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseEnv', () => {
  it('gives every variable its default when nothing is set', () => {
    const values = parseEnv({});
    expect(Object.keys(values).sort()).toEqual(Object.keys(ENV_VARIABLES).sort());
    expect(values).toMatchObject({
      PORT: 3002,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SCRAPE_DATA_DIR: './.scrape-data',
      SCRAPE_ALLOW_PRIVATE_URLS: false,
      SCRAPE_SHUTDOWN_GRACE_MS: 25_000,
      SCRAPE_JOB_WORKERS: 8,
      SCRAPE_METRICS_TEAMS: false,
      SCRAPE_WORKER_METRICS_HOST: '127.0.0.1',
    });
    expect(values.REDIS_URL).toBeUndefined();
    expect(values.SCRAPE_LLM_MODEL).toBeUndefined();
  });

  it('treats blank values as unset and trims the rest', () => {
    expect(parseEnv({ PORT: '   ', SCRAPE_DATA_DIR: '  /var/lib/scrape  ', SCRAPE_LLM_MODEL: '' })).toMatchObject({
      PORT: 3002,
      SCRAPE_DATA_DIR: '/var/lib/scrape',
      SCRAPE_LLM_MODEL: undefined,
    });
  });

  it('reports every problem at once, each naming its variable and the value', () => {
    const problems = problemsOf(() =>
      parseEnv({
        PORT: '70000',
        SCRAPE_JOB_WORKERS: 'many',
        SCRAPE_METRICS_TEAMS: 'perhaps',
        LOG_LEVEL: 'chatty',
        SCRAPE_LLM_BASE_URL: 'ftp://models',
        SCRAPE_INTERACT_CREDITS_PER_MINUTE: '-1',
        SCRAPE_JOB_LEASE_MS: '10',
      }),
    );
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "70000"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "chatty"',
      'SCRAPE_JOB_WORKERS must be a whole number of at least 0, got "many"',
      'SCRAPE_JOB_LEASE_MS must be a whole number of at least 1000, got "10"',
      'SCRAPE_METRICS_TEAMS must be 1/true or 0/false, got "perhaps"',
      'SCRAPE_LLM_BASE_URL must be an http(s) base URL, e.g. https://host.example, got "ftp://models"',
      'SCRAPE_INTERACT_CREDITS_PER_MINUTE must be a number of at least 0, got "-1"',
    ]);
  });

  it('never echoes a secret value', () => {
    const problems = problemsOf(() =>
      parseEnv({ REDIS_URL: 'http://:hunter2@cache:6379', SCRAPE_PROXY_BASIC: 'socks5://user:hunter2@proxy:1080' }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SCRAPE_PROXY_BASIC must be an http:\/\/ proxy URL/);
    expect(problems[1]).toMatch(/^REDIS_URL must be a redis:\/\//);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('reads each type', () => {
    const values = parseEnv({
      SCRAPE_ALLOW_PRIVATE_URLS: 'ON',
      SCRAPE_METRICS_TEAMS: 'No',
      LOG_LEVEL: 'WARN',
      SCRAPE_ADBLOCK_LISTS: ' /etc/a.txt, ,/etc/b.txt ',
      SCRAPE_INTERACT_CREDITS_PER_MINUTE: '0.5',
      SCRAPE_PROXY_ENHANCED: 'http://us%40r:p%3Ass@10.0.0.5:8080',
      REDIS_URL: 'rediss://:pw@cache.internal:6380/2',
      SCRAPE_PUBLIC_URL: 'https://scrape.example.com/base',
      SCRAPE_TRANSFORM_THREADS: '0',
    });
    expect(values).toMatchObject({
      SCRAPE_ALLOW_PRIVATE_URLS: true,
      SCRAPE_METRICS_TEAMS: false,
      LOG_LEVEL: 'warn',
      SCRAPE_ADBLOCK_LISTS: ['/etc/a.txt', '/etc/b.txt'],
      SCRAPE_INTERACT_CREDITS_PER_MINUTE: 0.5,
      SCRAPE_PROXY_ENHANCED: { server: 'http://10.0.0.5:8080', username: 'us@r', password: 'p:ss' },
      REDIS_URL: 'rediss://:pw@cache.internal:6380/2',
      SCRAPE_PUBLIC_URL: 'https://scrape.example.com/base',
      SCRAPE_TRANSFORM_THREADS: 0,
    });
    expect(problemsOf(() => parseEnv({ SCRAPE_INTERACT_MAX_TOTAL: '2.5' }))).toHaveLength(1);
  });

  it('reads only the selected variables when asked', () => {
    const reading = readEnv({ PORT: 'nope', SCRAPE_DATA_DIR: '/data' }, ['SCRAPE_DATA_DIR']);
    expect(reading.problems).toEqual([]);
    expect(reading.values).toEqual({ SCRAPE_DATA_DIR: '/data' });
  });
});

describe('unknownVariables', () => {
  it("names SCRAPE_* variables the schema does not know (typos), not the tooling ones or other programs'", () => {
    const env = {
      SCRAPE_JOB_WORKER: '4',
      SCRAPE_JOB_WORKERS: '4',
      SCRAPE_NODE_BIN: '/opt/node',
      PATH: '/bin',
      HOME: '/',
    };
    expect(unknownVariables(env)).toEqual(['SCRAPE_JOB_WORKER']);
  });
});

describe('scraperOptionsFromEnv', () => {
  it('maps the variables onto createScraper options, leaving unset ones to the library', () => {
    expect(scraperOptionsFromEnv({})).toEqual({ allowPrivateUrls: false, dataDir: './.scrape-data', proxies: {} });
    expect(
      scraperOptionsFromEnv({
        REDIS_URL: 'redis://127.0.0.1:6379',
        SCRAPE_REDIS_KEY_PREFIX: 'a:',
        SCRAPE_JOBS_REDIS_PREFIX: 'a:jobs:',
        SCRAPE_JOB_LEASE_MS: '5000',
        SCRAPE_TRANSFORM_THREADS: '3',
        SCRAPE_SEARXNG_URL: 'http://127.0.0.1:8888',
        SCRAPE_WEBHOOK_SECRET: 'whsec',
        SCRAPE_ADBLOCK_LISTS: '/etc/lists/extra.txt',
        SCRAPE_LLM_MAX_RETRIES: '0',
      }),
    ).toEqual({
      allowPrivateUrls: false,
      dataDir: './.scrape-data',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'a:',
      jobsRedisKeyPrefix: 'a:jobs:',
      jobLeaseMs: 5000,
      proxies: {},
      transformThreads: { workers: 3 },
      search: { searxngUrl: 'http://127.0.0.1:8888' },
      webhookSecret: 'whsec',
      browser: { adBlockLists: ['/etc/lists/extra.txt'] },
      llm: { maxRetries: 0 },
    });
  });

  it("checks only the scraper's variables: an embedder's own PORT or LOG_LEVEL is not its concern", () => {
    expect(() => scraperOptionsFromEnv({ PORT: 'http', LOG_LEVEL: 'loud' })).not.toThrow();
    expect(problemsOf(() => scraperOptionsFromEnv({ PORT: 'http', SCRAPE_TRANSFORM_THREADS: 'two' }))).toEqual([
      'SCRAPE_TRANSFORM_THREADS must be a whole number of at least 0, got "two"',
    ]);
  });
});

describe('serverConfigFromEnv', () => {
  it('adds the keys and the artifact secret length to the schema problems, all in one error', () => {
    const problems = problemsOf(() =>
      serverConfigFromEnv({ SCRAPE_API_KEYS: 'has space', SCRAPE_ARTIFACT_SECRET: 'short', PORT: '-1' }),
    );
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "-1"',
      'SCRAPE_API_KEYS: a key contains whitespace (keys are single tokens)',
      'SCRAPE_API_KEYS is set but holds no keys',
      'SCRAPE_ARTIFACT_SECRET must be at least 16 characters (e.g. openssl rand -hex 32)',
    ]);
    expect(problems.join('\n')).not.toContain('short');
  });
});

// Every environment variable the service reads, in one table: its type, default, meaning and the packages that use
// the value. parseEnv.ts validates them all at once, docs/self-hosting.md shows this table (renderConfigTable.ts),
// and nothing else in the libraries reads the environment (see config/noProcessEnv.test.ts).
import {
  decimal,
  flag,
  httpUrl,
  integer,
  list,
  LOG_LEVELS,
  MIN_ARTIFACT_SECRET_LENGTH,
  oneOf,
  path,
  proxyUrl,
  redisUrl,
  text,
  type EnvType,
  type LogLevel,
} from './envTypes.js';

/** The packages a value ends up in (http: the service itself and its bins). */
export type ConfigUser = 'http' | 'scraper' | 'browser' | 'cache' | 'jobs';

export interface EnvVariable<T, D extends T | undefined = T | undefined> {
  readonly type: EnvType<T>;
  /** The value when unset or blank; undefined: the option stays unset (its library default, or off). */
  readonly default: D;
  /** The default column when the value alone does not say it (a computed or descriptive default). */
  readonly defaultText?: string;
  readonly meaning: string;
  readonly usedBy: readonly ConfigUser[];
  /** Never echoed in a problem message (passwords in URLs, keys). */
  readonly secret?: boolean;
}

function variable<T, D extends T | undefined>(definition: EnvVariable<T, D>): EnvVariable<T, D> {
  return definition;
}

const SERVER = ['http'] as const;
const STORES = ['http', 'scraper', 'cache', 'jobs'] as const;

export const ENV_VARIABLES = {
  PORT: variable({
    type: integer({ min: 0, max: 65535 }),
    default: 3002,
    meaning: 'TCP port (0 picks a free one; the startup log line shows it).',
    usedBy: SERVER,
  }),
  HOST: variable({
    type: text('address'),
    default: '127.0.0.1',
    meaning: 'Address to bind. `0.0.0.0` / `::` listen on every interface and **require API keys**.',
    usedBy: SERVER,
  }),
  SCRAPE_API_KEYS: variable({
    type: list(),
    default: undefined,
    meaning: 'Comma-separated API keys accepted as `Authorization: Bearer <key>`.',
    usedBy: SERVER,
    secret: true,
  }),
  SCRAPE_API_KEYS_FILE: variable({
    type: path(),
    default: undefined,
    meaning:
      'A file with one key per line; `#` starts a comment, blank lines are ignored. Merged with `SCRAPE_API_KEYS`.',
    usedBy: SERVER,
  }),
  SCRAPE_ALLOW_PRIVATE_URLS: variable({
    type: flag(),
    default: false,
    meaning:
      '`1`/`true` turns the SSRF guard off so loopback, private and link-local targets can be scraped. For local ' +
      'development and tests only.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_DATA_DIR: variable({
    type: path(),
    default: './.scrape-data',
    meaning: 'Where the embedded stores (page cache, history, artifacts, jobs, accounts) live.',
    usedBy: STORES,
  }),
  LOG_LEVEL: variable({
    type: oneOf(LOG_LEVELS),
    default: 'info' as LogLevel,
    meaning: 'How much the service logs (any case).',
    usedBy: SERVER,
  }),
  SCRAPE_SHUTDOWN_GRACE_MS: variable({
    type: integer({ min: 0 }),
    default: 25_000,
    meaning: 'How long in-flight requests may run after SIGTERM/SIGINT before they are aborted.',
    usedBy: SERVER,
  }),
  CHROMIUM_PATH: variable({
    type: path(),
    default: undefined,
    defaultText: '/usr/bin/chromium',
    meaning:
      'The Chromium binary of the browser engine and interact sessions (Debian: `apt-get install -y chromium`). ' +
      'Chromium starts on the first scrape that needs it and closes after a minute idle; when it is missing, ' +
      'requests that need a browser answer `503 SCRAPE_BROWSER_UNAVAILABLE` and client-rendered pages fall back to ' +
      'the HTTP answer with a `warning`.',
    usedBy: ['scraper', 'browser'],
  }),
  SCRAPE_ADBLOCK_LISTS: variable({
    type: list('comma-separated paths'),
    default: undefined,
    defaultText: '(none)',
    meaning: 'Extra ad and tracker list files (EasyList syntax) added to the shipped list that `blockAds` uses.',
    usedBy: ['scraper', 'browser'],
  }),
  SCRAPE_SANDBOX_BWRAP: variable({
    type: path(),
    default: undefined,
    defaultText: '`bwrap` in the system directories',
    meaning: 'The bubblewrap binary of the interact code sandbox (see [sandbox.md](sandbox.md)).',
    usedBy: ['scraper', 'browser'],
  }),
  SCRAPE_FFMPEG_PATH: variable({
    type: path(),
    default: undefined,
    defaultText: '`ffmpeg` on PATH',
    meaning: 'The ffmpeg of the `audio` and `video` formats; without one those answer `503` naming ffmpeg.',
    usedBy: ['scraper'],
  }),
  SCRAPE_ARTIFACT_SECRET: variable({
    type: text(`text, ≥ ${MIN_ARTIFACT_SECRET_LENGTH} characters`),
    default: undefined,
    defaultText: 'random per process',
    meaning:
      'Key (e.g. `openssl rand -hex 32`) of the signed screenshot/PDF links. **Set it in production**: with the ' +
      'random default, links stop working when the process restarts, and a link made by one instance is refused ' +
      '(`403`) by the others behind the same balancer.',
    usedBy: SERVER,
    secret: true,
  }),
  SCRAPE_PUBLIC_URL: variable({
    type: httpUrl(),
    default: undefined,
    defaultText: '(the bound address)',
    meaning:
      "Base URL of artifact links, e.g. `https://scrape.example.com` when a TLS proxy sits in front (the client's " +
      '`Host` header is never used).',
    usedBy: SERVER,
  }),
  SCRAPE_PROXY_BASIC: variable({
    type: proxyUrl(),
    default: undefined,
    defaultText: '(none: direct)',
    meaning: '`http://[user:pass@]host:port` proxy for `proxy: "basic"` and the first try of `"auto"`.',
    usedBy: ['http', 'scraper'],
    secret: true,
  }),
  SCRAPE_PROXY_ENHANCED: variable({
    type: proxyUrl(),
    default: undefined,
    meaning:
      'Proxy for `proxy: "enhanced"` and the retry of `"auto"` when the first answer looks blocked ' +
      '(401/403/429/challenge page). Without it `enhanced` is a `400` naming this variable and `auto` never retries.',
    usedBy: ['http', 'scraper'],
    secret: true,
  }),
  REDIS_URL: variable({
    type: redisUrl(),
    default: undefined,
    meaning:
      'Moves the page cache, change history, artifacts, jobs, accounts, credits, rate-limit windows and concurrency ' +
      'slots to Redis so several processes act as one service (see below). An unreachable Redis stops the start-up ' +
      'with the reason.',
    usedBy: STORES,
    secret: true,
  }),
  SCRAPE_REDIS_KEY_PREFIX: variable({
    type: text('key prefix'),
    default: undefined,
    defaultText: '`scrape:cache:`',
    meaning:
      "Prefix of the page cache's Redis keys; the job queue uses `<prefix>jobs:` under it. One Redis can host " +
      'several services.',
    usedBy: ['http', 'scraper', 'cache'],
  }),
  SCRAPE_JOBS_REDIS_PREFIX: variable({
    type: text('key prefix'),
    default: undefined,
    defaultText: '`<SCRAPE_REDIS_KEY_PREFIX>jobs:` or `scrape:jobs:`',
    meaning: "Prefix of the crawl/batch/agent job queue's Redis keys.",
    usedBy: ['scraper', 'jobs'],
  }),
  SCRAPE_ACCOUNTS_KEY_PREFIX: variable({
    type: text('key prefix'),
    default: undefined,
    defaultText: '`scrape:accounts:`',
    meaning:
      'Redis key prefix of accounts, credits and limits (set the same value for `scrape-server` and `scrape-admin`).',
    usedBy: SERVER,
  }),
  SCRAPE_JOB_WORKERS: variable({
    type: integer({ min: 0 }),
    default: 8,
    meaning:
      'Crawl and batch pages a `scrape-server` (or `scrape-worker`, where it must be at least 1) scrapes at once. ' +
      '`0` on a `scrape-server`: it serves the API only and `scrape-worker` processes run the pages.',
    usedBy: SERVER,
  }),
  SCRAPE_JOB_LEASE_MS: variable({
    type: integer({ min: 1000 }),
    default: undefined,
    defaultText: '30000',
    meaning:
      'How long a worker holds a crawl page without renewing before another process takes it over (a killed ' +
      "process' pages are retaken after about this long on Redis; at once on the embedded store when the process " +
      'is gone).',
    usedBy: ['scraper', 'jobs'],
  }),
  SCRAPE_WEBHOOK_SECRET: variable({
    type: text('secret'),
    default: undefined,
    defaultText: '(none: unsigned)',
    meaning:
      'Key of the crawl/batch/agent webhook signature: each delivery carries `X-Firecrawl-Signature: sha256=<hex ' +
      'HMAC-SHA256 of the raw body>`. Set it whenever webhooks are used.',
    usedBy: ['http', 'scraper'],
    secret: true,
  }),
  SCRAPE_TRANSFORM_THREADS: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: 'up to `2`',
    meaning:
      'Worker threads for HTML processing and PII redaction: a hostile page then neither blocks the server nor ' +
      "outlives its scrape's `timeout` (the thread is terminated). `0` runs them in-process (faster by a message " +
      'copy, but gives up both guarantees; see [security.md](security.md)).',
    usedBy: ['scraper'],
  }),
  SCRAPE_METRICS_TOKEN: variable({
    type: text('secret'),
    default: undefined,
    meaning: 'Bearer token that opens `GET /metrics` (Prometheus) besides the API keys; see [metrics.md](metrics.md).',
    usedBy: SERVER,
    secret: true,
  }),
  SCRAPE_METRICS_TEAMS: variable({
    type: flag(),
    default: false,
    meaning:
      '`1` adds a hashed `team` label to the scrape and credit metrics (one series per team: mind the cardinality).',
    usedBy: SERVER,
  }),
  SCRAPE_WORKER_METRICS_PORT: variable({
    type: integer({ min: 0, max: 65535 }),
    default: undefined,
    meaning: '`scrape-worker` only: serve its `GET /metrics` on this port (a token is required off loopback).',
    usedBy: SERVER,
  }),
  SCRAPE_WORKER_METRICS_HOST: variable({
    type: text('address'),
    default: '127.0.0.1',
    meaning: '`scrape-worker` only: the address of its metrics listener.',
    usedBy: SERVER,
  }),
  SCRAPE_LLM_BASE_URL: variable({
    type: httpUrl(),
    default: undefined,
    meaning:
      'The OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio, OpenAI...), the part before ' +
      '`/chat/completions`, for `summary`, `json`, `question`, `highlights`, `onlyCleanContent`, changeTracking ' +
      '`json` mode, interact `prompt` and agent runs; without it and a model those answer ' +
      '`400 SCRAPE_LLM_NOT_CONFIGURED`. See [llm.md](llm.md).',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_LLM_MODEL: variable({
    type: text('model name'),
    default: undefined,
    meaning: 'The model name the LLM server knows.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_LLM_API_KEY: variable({
    type: text('secret'),
    default: undefined,
    meaning: 'Sent to the LLM server as `Authorization: Bearer …`; local servers usually need none.',
    usedBy: ['http', 'scraper'],
    secret: true,
  }),
  SCRAPE_LLM_TIMEOUT_MS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '60000',
    meaning: 'One model request; a slow CPU model may need more.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_LLM_MAX_RETRIES: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '2',
    meaning: 'Retries of a model request after a timeout, a connection error, 408/409/425/429/5xx.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_LLM_CONTEXT_TOKENS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '8192',
    meaning: "The model's context window as served; pages are cut to fit.",
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_LLM_MAX_OUTPUT_TOKENS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '4096',
    meaning: 'The most the model may write; `onlyCleanContent` is skipped for longer markdown.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_SEARXNG_URL: variable({
    type: httpUrl(),
    default: undefined,
    meaning:
      'A SearXNG instance (with `json` in its `search.formats`) for `POST /v2/search`. Without it web search answers ' +
      "from the service's own index of the pages it has scraped (saved under `SCRAPE_DATA_DIR/search/`; in memory " +
      'per process with `REDIS_URL`), with a `warning`; news and images need SearXNG. See ' +
      '[api.md](api.md#post-v2search).',
    usedBy: ['scraper'],
  }),
  SCRAPE_INTERACT_IDLE_TIMEOUT_MS: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '300000',
    meaning: 'An interact session without calls for this long is destroyed (billed up to its last call).',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_MAX_LIFETIME_MS: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '1800000',
    meaning: 'An interact session is destroyed this long after it started.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_MAX_PER_TEAM: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '3',
    meaning: 'Live interact sessions per team (account).',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_MAX_TOTAL: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '10',
    meaning: 'Live interact sessions in one server process.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_CREDITS_PER_MINUTE: variable({
    type: decimal({ min: 0 }),
    default: undefined,
    defaultText: '1',
    meaning: 'Interact billing: `creditsBilled` = ceil(minutes × rate), charged when the session ends.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_RETAIN_MS: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '120000',
    meaning:
      "A browser-served scrape's page stays open (paused, no render slot held) this long for a first interact call " +
      'to continue it with the state its actions left; `0` keeps none (interact then re-opens the URL).',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_RETAIN_MAX: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '4',
    meaning:
      'Kept scrape pages per process, oldest closed first. Each costs 80-100 MB of Chromium memory: size it to the ' +
      'machine.',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_RETAIN_MAX_PER_TEAM: variable({
    type: integer({ min: 0 }),
    default: undefined,
    defaultText: '2',
    meaning: "Kept scrape pages per team; a newer scrape closes the team's oldest.",
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_INTERACT_PROMPT_MAX_STEPS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '12',
    meaning: 'Model turns an interact `prompt` may take (each may run several page tools).',
    usedBy: ['http', 'scraper'],
  }),
  SCRAPE_MONITOR_MIN_INTERVAL_MS: variable({
    type: integer({ min: 1000 }),
    default: undefined,
    defaultText: '60000',
    meaning: 'Shortest monitor schedule accepted, in milliseconds ([api.md](api.md)); tests use seconds.',
    usedBy: SERVER,
  }),
  SCRAPE_AGENT_MAX_STEPS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '24',
    meaning: 'Model turns an agent run may take ([api.md](api.md#agent-runs)).',
    usedBy: SERVER,
  }),
  SCRAPE_AGENT_RUN_TIMEOUT_MS: variable({
    type: integer({ min: 1 }),
    default: undefined,
    defaultText: '900000',
    meaning: "An agent run's wall-clock budget.",
    usedBy: SERVER,
  }),
} as const;

export type EnvVariableName = keyof typeof ENV_VARIABLES;

import { CronExpressionParser } from 'cron-parser';

/** What a monitor stores: always a cron expression (the SDK reads `cron` back even for a `text` schedule). */
export interface NormalizedSchedule {
  cron: string;
  text?: string;
  timezone: string;
}

/** Production floor between two checks; tests and embedders may lower it (CreateServerOptions.monitor). */
export const DEFAULT_MIN_INTERVAL_MS = 60_000;

/** Units of "every N <unit>" as data: the cron each one becomes (N divides the unit's cycle, else cron drifts). */
const INTERVAL_UNITS: Record<string, { cycle: number; cron: (n: number) => string }> = {
  second: { cycle: 60, cron: (n) => `*/${n} * * * * *` },
  minute: { cycle: 60, cron: (n) => `*/${n} * * * *` },
  hour: { cycle: 24, cron: (n) => `0 */${n} * * *` },
  day: { cycle: 31, cron: (n) => `0 0 */${n} * *` },
};
/** Single words people write for a schedule. */
const NAMED: Record<string, string> = {
  'every second': '* * * * * *',
  'every minute': '* * * * *',
  minutely: '* * * * *',
  'every hour': '0 * * * *',
  hourly: '0 * * * *',
  'every day': '0 0 * * *',
  daily: '0 0 * * *',
  'every week': '0 0 * * 0',
  weekly: '0 0 * * 0',
  'every month': '0 0 1 * *',
  monthly: '0 0 1 * *',
};
// Anchored, no nested quantifiers: linear on any input (the text is also capped at 100 characters by the schema).
const EVERY_N = /^every (\d{1,3}) (second|minute|hour|day)s?$/;
const DAILY_AT = /^(?:daily|every day) at (\d{1,2})(?::(\d{2}))? ?(am|pm)?$/;

export class ScheduleError extends Error {
  constructor(
    message: string,
    readonly field: 'cron' | 'text' | 'timezone',
  ) {
    super(message);
  }
}

/** The cron a plain-text schedule means ("every 5 minutes", "hourly", "daily at 9:00"); throws ScheduleError. */
export function textToCron(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  // Own keys only: the text is a user's, and NAMED["constructor"] would be Object.prototype.constructor.
  if (Object.hasOwn(NAMED, t)) return NAMED[t];
  const every = EVERY_N.exec(t);
  if (every) {
    const n = Number(every[1]);
    const unit = INTERVAL_UNITS[every[2]];
    if (n < 1 || n > unit.cycle)
      throw new ScheduleError(`"${text}": ${every[2]}s must be between 1 and ${unit.cycle}`, 'text');
    return n === 1 && every[2] === 'minute' ? '* * * * *' : unit.cron(n);
  }
  const at = DAILY_AT.exec(t);
  if (at) {
    let hour = Number(at[1]);
    const minute = Number(at[2] ?? 0);
    if (at[3] === 'pm' && hour < 12) hour += 12;
    if (at[3] === 'am' && hour === 12) hour = 0;
    if (hour > 23 || minute > 59) throw new ScheduleError(`"${text}" is not a time of day`, 'text');
    return `${minute} ${hour} * * *`;
  }
  throw new ScheduleError(
    `"${text}" is not a schedule this server understands (e.g. "every 5 minutes", "hourly", "daily at 9:00")`,
    'text',
  );
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new ScheduleError(`"${timezone}" is not an IANA time zone`, 'timezone');
  }
}

/** The next due time strictly after `from` (ms). */
export function nextRunAfter(schedule: Pick<NormalizedSchedule, 'cron' | 'timezone'>, from: number): number {
  const expression = CronExpressionParser.parse(schedule.cron, { currentDate: new Date(from), tz: schedule.timezone });
  return expression.next().getTime();
}

/**
 * Validates and normalises `{cron | text, timezone}`: exactly one of cron and text; 5 fields (or 6 with seconds);
 * a real time zone; due times at least `minIntervalMs` apart (checked on the next few occurrences).
 */
export function normalizeSchedule(
  input: { cron?: string; text?: string; timezone?: string },
  minIntervalMs = DEFAULT_MIN_INTERVAL_MS,
): NormalizedSchedule {
  const hasCron = typeof input.cron === 'string' && input.cron.trim() !== '';
  const hasText = typeof input.text === 'string' && input.text.trim() !== '';
  if (hasCron === hasText)
    throw new ScheduleError('give exactly one of schedule.cron and schedule.text', hasCron ? 'text' : 'cron');
  const timezone = input.timezone?.trim() || 'UTC';
  checkTimezone(timezone);
  const field = hasCron ? 'cron' : 'text';
  const cron = hasCron ? input.cron!.trim().replace(/\s+/g, ' ') : textToCron(input.text!);
  const fields = cron.split(' ').length;
  if (fields !== 5 && fields !== 6) throw new ScheduleError(`"${cron}" must have 5 fields (or 6 with seconds)`, field);
  let at = Date.now();
  try {
    for (let i = 0; i < 3; i++) {
      const next = nextRunAfter({ cron, timezone }, at);
      const after = nextRunAfter({ cron, timezone }, next);
      if (after - next < minIntervalMs) {
        throw new ScheduleError(`"${cron}" runs more often than once every ${minIntervalMs / 1000} s`, field);
      }
      at = after;
    }
  } catch (error) {
    if (error instanceof ScheduleError) throw error;
    throw new ScheduleError(`"${cron}" is not a cron expression: ${(error as Error).message}`, field);
  }
  return { cron, ...(hasText ? { text: input.text!.trim() } : {}), timezone };
}

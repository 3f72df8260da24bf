import { describe, expect, it } from 'vitest';
import { nextRunAfter, normalizeSchedule, ScheduleError, textToCron } from './monitorSchedule.js';

describe('monitor schedules', () => {
  it('turns the plain-text forms into cron', () => {
    expect(textToCron('every 5 minutes')).toBe('*/5 * * * *');
    expect(textToCron('Every  1 minute')).toBe('* * * * *');
    expect(textToCron('every 2 hours')).toBe('0 */2 * * *');
    expect(textToCron('every 10 seconds')).toBe('*/10 * * * * *');
    expect(textToCron('hourly')).toBe('0 * * * *');
    expect(textToCron('daily at 9:00')).toBe('0 9 * * *');
    expect(textToCron('every day at 6:15 pm')).toBe('15 18 * * *');
    expect(textToCron('daily at 12am')).toBe('0 0 * * *');
    expect(() => textToCron('every 0 minutes')).toThrow(ScheduleError);
    expect(() => textToCron('daily at 25:00')).toThrow(ScheduleError);
    expect(() => textToCron('when it rains')).toThrow(/not a schedule/);
    // Names of Object.prototype members are no named schedules.
    for (const text of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(() => textToCron(text)).toThrow(/not a schedule/);
  });

  it('validates cron, time zone and the shortest interval, naming the field', () => {
    expect(normalizeSchedule({ cron: '*/30  * * * *' })).toEqual({ cron: '*/30 * * * *', timezone: 'UTC' });
    expect(normalizeSchedule({ text: 'hourly', timezone: 'America/New_York' })).toEqual({
      cron: '0 * * * *',
      text: 'hourly',
      timezone: 'America/New_York',
    });
    const fieldOf = (input: Parameters<typeof normalizeSchedule>[0], min?: number) => {
      try {
        normalizeSchedule(input, min);
      } catch (error) {
        return (error as ScheduleError).field;
      }
      return 'accepted';
    };
    expect(fieldOf({ cron: '* * *' })).toBe('cron');
    expect(fieldOf({ cron: '99 * * * *' })).toBe('cron');
    expect(fieldOf({ cron: '* * * * *', text: 'hourly' })).toBe('text');
    expect(fieldOf({})).toBe('cron');
    expect(fieldOf({ text: 'hourly', timezone: 'Mars/Olympus' })).toBe('timezone');
    expect(fieldOf({ text: 'every 10 seconds' })).toBe('text');
    expect(fieldOf({ text: 'every 10 seconds' }, 10_000)).toBe('accepted');
  });

  it('computes the next due time in the time zone', () => {
    const from = Date.parse('2026-01-15T07:30:00Z');
    // 09:00 in Paris is 08:00 UTC in winter.
    expect(new Date(nextRunAfter({ cron: '0 9 * * *', timezone: 'Europe/Paris' }, from)).toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(new Date(nextRunAfter({ cron: '*/5 * * * *', timezone: 'UTC' }, from)).toISOString()).toBe(
      '2026-01-15T07:35:00.000Z',
    );
  });
});

// useStarted as its users see it: the fields are there once the tests run, and what was owned is closed after the
// file's tests, the last started first (a service before the site it scrapes), after the clean-ups tests pushed.
import { afterAll, describe, expect, it } from 'vitest';
import { useCleanups, useStarted } from './useStarted.js';

const events: string[] = [];
const thing = (name: string) => {
  events.push(`start ${name}`);
  return { name, close: async () => void events.push(`close ${name}`) };
};

describe('useStarted', () => {
  const env = useStarted(async (own) => {
    const site = own(thing('site'));
    const service = own(thing('service'));
    return { site, service };
  });
  const cleanups = useCleanups();

  it('sets the fields before the tests, and closes nothing while they run', () => {
    expect(env.site.name).toBe('site');
    expect(env.service.name).toBe('service');
    expect(events).toEqual(['start site', 'start service']);
  });

  it('runs the clean-ups the tests pushed after the tests, the last pushed first', () => {
    cleanups.push(
      () => events.push('cleanup first'),
      () => events.push('cleanup second'),
    );
    expect(events).toEqual(['start site', 'start service']);
  });
});

// Runs after the describe block's own afterAll hooks, where the clean-ups run and useStarted closes what it owns.
afterAll(() => {
  expect(events).toEqual([
    'start site',
    'start service',
    'cleanup second',
    'cleanup first',
    'close service',
    'close site',
  ]);
});

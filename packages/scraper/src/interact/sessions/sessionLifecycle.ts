import type { BrowserListed, SessionStatus, StopResponse } from '../interactTypes.js';
import { ScrapeError } from '../../errors.js';
import { bill, payUntil } from './sessionBilling.js';
import {
  CREDITS_EXHAUSTED,
  DESTROYED_REMEMBERED_PER_TEAM,
  ENDED_REMEMBERED,
  EXHAUSTED_REMEMBERED,
  type Session,
  type SessionsContext,
} from './sessionContext.js';

// A session's life: admission against the limits, start (directory, timers), the billing and idle clocks, the end.

/** Counts a session being opened against the team's and the server's limits; the returned function gives it back. */
export function admit(ctx: SessionsContext, team: string): () => void {
  const { settings, sessions, perTeam } = ctx;
  const count = perTeam.get(team) ?? 0;
  if (count >= settings.maxPerTeam) {
    throw new ScrapeError({
      status: 429,
      error: `Too many interact sessions: at most ${settings.maxPerTeam} per team; stop one first`,
      code: 'INTERACT_SESSION_LIMIT',
    });
  }
  if (sessions.size + ctx.opening >= settings.maxTotal) {
    throw new ScrapeError({
      status: 429,
      error: 'Concurrency limit reached',
      code: 'INTERACT_SESSION_LIMIT',
      details: { reason: `the server holds at most ${settings.maxTotal} interact sessions` },
    });
  }
  perTeam.set(team, count + 1);
  return () => perTeam.set(team, (perTeam.get(team) ?? 1) - 1);
}

/** Registers a freshly opened session: directory, idle and lifetime timers. */
export async function start(
  ctx: SessionsContext,
  session: Session,
  lifetimeMs: number,
  options: { zeroDataRetention?: boolean } = {},
): Promise<void> {
  const { sessions, byScrape, directory, ownerId } = ctx;
  sessions.set(session.id, session);
  if (session.kind === 'scrape') byScrape.set(session.scrapeId, session.id);
  // Zero data retention: nothing of the session is written to the shared directory (it lives in this process only).
  if (!options.zeroDataRetention)
    await directory
      ?.putSession(
        { sessionId: session.id, scrapeId: session.scrapeId, team: session.team, owner: ownerId },
        lifetimeMs,
      )
      .catch(() => {});
  armIdle(ctx, session);
  armBilling(ctx, session, 1);
  session.lifetimeTimer = setTimeout(() => void end(ctx, session, 'max lifetime').catch(() => {}), lifetimeMs);
  session.lifetimeTimer.unref?.();
}

export function armIdle(ctx: SessionsContext, session: Session): void {
  if (session.idleTimer) clearTimeout(session.idleTimer);
  session.idleAt = Date.now() + session.idleMs;
  session.idleTimer = setTimeout(() => void end(ctx, session, 'idle timeout').catch(() => {}), session.idleMs);
  session.idleTimer.unref?.();
}

/** At the start of each billing minute the next one is reserved, or the session ends (fail closed on errors). */
export function armBilling(ctx: SessionsContext, session: Session, minute: number): void {
  const { billing } = ctx;
  const minuteMs = ctx.settings.billingMinuteMs;
  if (!billing || session.unbilled) return;
  const at = session.startedAt + minute * minuteMs;
  session.billingTimer = setTimeout(
    () => {
      if (session.ending) return;
      const paying = payUntil(ctx, session, (minute + 1) * minuteMs).catch(() => false);
      session.paying = paying;
      void paying.then((paid) => {
        if (session.ending) return;
        if (paid) return armBilling(ctx, session, minute + 1);
        session.endReason = CREDITS_EXHAUSTED;
        void end(ctx, session, CREDITS_EXHAUSTED).catch(() => {});
      });
    },
    Math.max(0, at - Date.now()),
  );
  session.billingTimer.unref?.();
}

/** Ends a session once (later calls get the same answer): forgotten, its profile saved, its page closed, billed. */
export function end(ctx: SessionsContext, session: Session, reason: string): Promise<StopResponse> {
  session.ending ??= (async () => {
    await forget(ctx, session, reason);
    // Billed up to the last use: an idle session is not charged for the time it sat waiting to expire.
    const endedAt = reason === 'idle timeout' ? session.lastUsedAt : Date.now();
    const durationMs = Math.max(0, endedAt - session.startedAt);
    await saveAndClose(ctx, session);
    const creditsBilled = await settle(ctx, session, durationMs);
    if (session.kind === 'browser') rememberDestroyed(ctx, session, endedAt);
    ctx.onSessionEnd?.({
      team: session.team,
      sessionId: session.id,
      scrapeId: session.scrapeId,
      durationMs,
      creditsBilled,
      reason,
    });
    return { success: true as const, sessionId: session.id, sessionDurationMs: durationMs, creditsBilled };
  })();
  return session.ending;
}

/** The first step of the end: timers stopped, the session gone from the maps, the directory and its team's count. */
async function forget(ctx: SessionsContext, session: Session, reason: string): Promise<void> {
  const { sessions, byScrape, perTeam, directory, ownerId, exhausted } = ctx;
  clearTimeout(session.idleTimer);
  clearTimeout(session.lifetimeTimer);
  clearTimeout(session.billingTimer);
  session.endReason ??= reason;
  if (reason === CREDITS_EXHAUSTED) {
    exhausted.set(session.id, session.team);
    for (const id of exhausted.keys()) {
      if (exhausted.size <= EXHAUSTED_REMEMBERED) break;
      exhausted.delete(id);
    }
  }
  sessions.delete(session.id);
  rememberEnded(ctx, session);
  if (byScrape.get(session.scrapeId) === session.id) byScrape.delete(session.scrapeId);
  await directory
    ?.deleteSession({ sessionId: session.id, scrapeId: session.scrapeId, team: session.team, owner: ownerId })
    .catch(() => {});
  perTeam.set(session.team, (perTeam.get(session.team) ?? 1) - 1);
}

/** The profile's changes saved (when asked for), its claim released and the page closed, even if saving failed. */
async function saveAndClose(ctx: SessionsContext, session: Session): Promise<void> {
  try {
    if (session.profile?.saveChanges) {
      const state = await session.page.captureState().catch(() => null);
      if (state) await ctx.profiles.put(session.team, session.profile.name, state);
    }
  } finally {
    await session.releaseProfile?.();
    await session.page.close();
  }
}

/** The session's bill for `durationMs`, its reservations settled at it (with options.billing). */
async function settle(ctx: SessionsContext, session: Session, durationMs: number): Promise<number> {
  const { billing } = ctx;
  // A reservation in flight lands (or fails) before the session settles, so none is left held after it.
  await session.paying?.catch(() => {});
  // Paid ahead: never more than was reserved (a session ended for want of credits stops at what it paid). A
  // minute that started just before the end, its tick not yet run, is reserved now if the balance has it.
  const cost = bill(ctx, durationMs);
  if (billing && !session.unbilled && cost > session.paid) await payUntil(ctx, session, durationMs).catch(() => false);
  const creditsBilled = session.unbilled ? 0 : billing ? Math.min(cost, session.paid) : cost;
  if (billing && !session.unbilled) billing.settle({ team: session.team, sessionId: session.id, creditsBilled });
  return creditsBilled;
}

/** Keeps the ended session's status for status reads (bounded: the oldest are forgotten first). */
function rememberEnded(ctx: SessionsContext, session: Session): void {
  const { ended } = ctx;
  const { idleExpiresAt: _, ...status } = statusOf(session);
  ended.set(session.id, {
    team: session.team,
    status: { ...status, status: 'destroyed', endReason: session.endReason },
  });
  for (const id of ended.keys()) {
    if (ended.size <= ENDED_REMEMBERED) break;
    ended.delete(id);
  }
}

/** A live session's state, read without touching it (no timer is re-armed, lastUsedAt is left as it is). */
function statusOf(session: Session): SessionStatus {
  return {
    id: session.id,
    kind: session.kind,
    status: 'active',
    createdAt: new Date(session.startedAt).toISOString(),
    lastActivity: new Date(session.lastUsedAt).toISOString(),
    expiresAt: new Date(session.expiresAt).toISOString(),
    ...(session.idleAt !== undefined ? { idleExpiresAt: new Date(session.idleAt).toISOString() } : {}),
  };
}

/** See InteractSessions.status: the team's live session, else its recently ended one, else null. */
export function sessionStatus(ctx: SessionsContext, sessionId: string, team: string): SessionStatus | null {
  const live = ctx.sessions.get(sessionId);
  // A session still being ended is gone from the map already (forget runs first), so a live one is not ending.
  if (live) return live.team === team ? statusOf(live) : null;
  const ended = ctx.ended.get(sessionId);
  return ended?.team === team ? ended.status : null;
}

export function rememberDestroyed(ctx: SessionsContext, session: Session, endedAt: number): void {
  const { destroyed } = ctx;
  const list = destroyed.get(session.team) ?? [];
  const { idleExpiresAt: _, ...entry } = listed(session);
  list.push({
    ...entry,
    status: 'destroyed',
    lastActivity: new Date(Math.max(session.lastUsedAt, Math.min(endedAt, Date.now()))).toISOString(),
  });
  if (list.length > DESTROYED_REMEMBERED_PER_TEAM) list.splice(0, list.length - DESTROYED_REMEMBERED_PER_TEAM);
  destroyed.set(session.team, list);
}

export function listed(session: Session): BrowserListed {
  const { kind: _, ...status } = statusOf(session);
  return { ...status, status: 'active', streamWebView: false };
}

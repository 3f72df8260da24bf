import { errors } from '../../errors.js';
import type { Payer, Session, SessionsContext } from './sessionContext.js';

// Paying for session time: a billed session reserves each billing minute ahead (options.billing).

/** What `durationMs` of session time costs. */
export function bill(ctx: SessionsContext, durationMs: number): number {
  return Math.ceil((durationMs / ctx.settings.billingMinuteMs) * ctx.settings.creditsPerMinute);
}

/** Reserves what the session's time costs up to `untilMs` after its start; false when the balance cannot give it. */
export async function payUntil(ctx: SessionsContext, session: Payer, untilMs: number): Promise<boolean> {
  const { billing } = ctx;
  if (!billing || session.unbilled) return true;
  const credits = bill(ctx, untilMs) - session.paid;
  if (credits <= 0) return true;
  if (!(await billing.reserve({ team: session.team, sessionId: session.id, credits }))) return false;
  session.paid += credits;
  return true;
}

/** A call for a session that ended for want of credits: 402, as the spec answers a session that cannot be paid. */
export function checkExhausted(ctx: SessionsContext, sessionId: string, team: string): void {
  const { exhausted } = ctx;
  if (exhausted.get(sessionId) === team) throw errors.paymentRequired();
}

/** The first minute of a session being opened, reserved before anything is opened for it. */
export async function payFirstMinute(ctx: SessionsContext, session: Payer): Promise<void> {
  const minuteMs = ctx.settings.billingMinuteMs;
  if (!(await payUntil(ctx, session, minuteMs))) throw errors.paymentRequired();
}

/** A session that never opened gives its reservation back. */
export function releaseUnopened(ctx: SessionsContext, session: Pick<Session, 'id' | 'team' | 'paid'>): void {
  const { billing } = ctx;
  if (billing && session.paid > 0) billing.settle({ team: session.team, sessionId: session.id, creditsBilled: 0 });
}

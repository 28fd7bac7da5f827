/**
 * The app's time for what the product decides by date (a watch's time, history auto-delete): a port,
 * so that tests move it months ahead instead of waiting. The event store stamps its own `createdAt`;
 * time-travel reads that one.
 */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

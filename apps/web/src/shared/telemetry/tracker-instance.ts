import { noopTracker, type Tracker } from './tracker';

let current: Tracker = noopTracker;

/** The app's tracker; a no-op until the deployment's settings are known, and where telemetry is off. */
export function getTracker(): Tracker {
  return current;
}

export function setTracker(tracker: Tracker): void {
  current = tracker;
}

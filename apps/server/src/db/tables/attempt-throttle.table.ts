/** Failed attempts since the last success, per key, and when the next attempt may come. */
export interface AttemptThrottleTable {
  key: string;
  failures: number;
  /** How many failures cost nothing, fixed when the key starts (see ThrottlePolicy). */
  free_failures: number;
  next_attempt_at: Date;
  /** A quiet window after the last attempt; then the key starts afresh. */
  expires_at: Date;
}

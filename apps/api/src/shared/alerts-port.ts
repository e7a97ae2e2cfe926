/**
 * What the features tell the alerts about (alerts/ decides whether and where to send them). Facts
 * only: never a secret, a code or a password.
 */
export type AlertEvent =
  /** A successful sign-in; `registered` records the device without an alert (the first one). */
  | {
      readonly kind: 'signed_in';
      readonly ip: string;
      readonly userAgent: string | undefined;
      readonly registered?: boolean;
    }
  | { readonly kind: 'sign_in_failed'; readonly ip: string }
  | { readonly kind: 'token_created'; readonly name: string }
  | { readonly kind: 'security_device_added' }
  | { readonly kind: 'export'; readonly format: string }
  | { readonly kind: 'backup_failed' }
  /** The server's clock was found wrong by `offsetMs` (ahead; negative: behind), or null: right again. */
  | { readonly kind: 'clock_skew'; readonly offsetMs: number | null }
  | { readonly kind: 'disk_full' };

export interface AlertPort {
  /** Queues the event and returns at once: delivery never blocks nor fails the caller. */
  raise(event: AlertEvent): void;
  /** Resolves when every queued alert was delivered or gave up (tests, graceful stop). */
  settled(): Promise<void>;
  /** Stops: nothing more is queued or retried (the app is closing). */
  close(): void;
}

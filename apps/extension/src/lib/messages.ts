// The messages between the extension's parts. The content script only ever sends the first two
// and receives `fill-code`: names and ids of this site's accounts, then one code; never the list,
// a secret or the token.

/** An account as a page may see it: the site's own accounts only. */
export interface SiteAccount {
  readonly id: number;
  readonly label: string;
  readonly hotp: boolean;
}

export type ContentRequest =
  { readonly type: 'site-accounts' } | { readonly type: 'site-code'; readonly id: number };

export interface SiteAccountsAnswer {
  readonly accounts: readonly SiteAccount[];
}

export type SiteCodeAnswer = { readonly code: string; readonly submit: boolean } | { readonly error: string };

/** Background -> content script: fill this code in the page's best code field. */
export interface FillCodeMessage {
  readonly type: 'fill-code';
  readonly code: string;
  readonly submit: boolean;
}

export interface FillCodeAnswer {
  readonly filled: boolean;
}

export type Status = 'unpaired' | 'locked' | 'revoked' | 'ready';

export interface StateAnswer {
  readonly status: Status;
  readonly serverUrl: string | null;
  readonly pairing: { readonly userCode: string; readonly verificationUri: string } | null;
  readonly pairingError: string | null;
}

/** An account as the popup lists it (no secret). */
export interface PopupAccount {
  readonly id: number;
  readonly service: string;
  readonly account: string;
  readonly icon: string | null;
  readonly favourite: boolean;
  readonly otpType: string;
  readonly websites: readonly string[];
}

export interface PopupCode {
  readonly password: string;
  readonly generatedAt: number | null;
  readonly period: number | null;
}

export type PopupRequest =
  | { readonly type: 'state' }
  | { readonly type: 'use-token'; readonly serverUrl: string; readonly token: string }
  | { readonly type: 'pair'; readonly serverUrl: string }
  | { readonly type: 'forget' }
  | { readonly type: 'accounts' }
  | { readonly type: 'otp'; readonly id: number }
  | { readonly type: 'fill'; readonly id: number; readonly tabId: number }
  /** What the `fill-best` keyboard command does, for a tab (the site's first account). */
  | { readonly type: 'fill-best'; readonly tabId: number }
  | { readonly type: 'remember'; readonly id: number; readonly domain: string }
  | { readonly type: 'auto-submit'; readonly domain: string; readonly on: boolean }
  | { readonly type: 'auto-submit?'; readonly domain: string };

export type Request = ContentRequest | PopupRequest;

/** Every answer may be an error the popup shows (its message key and a detail). */
export interface ErrorAnswer {
  readonly error: string;
}

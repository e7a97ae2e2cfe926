/** An outgoing e-mail. The body may carry a secret link: it is never logged. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** A message built for sending: its envelope and the whole RFC 5322 text (an .eml file's content). */
export interface ComposedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly eml: Buffer;
}

/** Sends mail (SMTP, or an .eml file when no SMTP server is configured); injected into the app. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

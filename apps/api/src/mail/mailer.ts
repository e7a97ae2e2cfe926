/** An outgoing e-mail. The body may carry a secret link: it is never logged. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Sends mail (SMTP, or an .eml file when no SMTP server is configured); injected into the app. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

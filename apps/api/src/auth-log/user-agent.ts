import type * as BowserModule from 'bowser';

/** Browser, platform and device of a user agent, as 2FAuth's parser names them. */
export interface ParsedAgent {
  readonly browser: string | false;
  readonly platform: string | false;
  readonly device: string;
}

type Bowser = typeof BowserModule.default;
let parser: Promise<Bowser> | undefined;

/** The parser, loaded on the first read of a log (never at server start). */
async function loadParser(): Promise<Bowser> {
  parser ??= import('bowser').then((module) => module.default);
  return parser;
}

/** Bowser's platform types mapped to 2FAuth's device types (`phone`, not `mobile`). */
const DEVICE: Readonly<Record<string, string>> = {
  desktop: 'desktop',
  mobile: 'phone',
  tablet: 'tablet',
  tv: 'tv',
  bot: 'robot',
};

/** A parsing function for many rows at once (one import). */
export async function agentParser(): Promise<(userAgent: string | null) => ParsedAgent> {
  const bowser = await loadParser();
  return (userAgent) => {
    if (!userAgent) return { browser: false, platform: false, device: 'other' };
    const result = bowser.parse(userAgent);
    return {
      // Bowser names what it does not know '' (curl, scripts): 2FAuth's parser says false.
      browser: result.browser.name || false,
      platform: result.os.name || false,
      device: DEVICE[result.platform.type ?? ''] ?? 'other',
    };
  };
}

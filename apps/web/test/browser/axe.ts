import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/**
 * Runs axe-core on the page as it is and fails on any serious or critical violation, naming each
 * rule and the elements it found. axe is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern (an injected <script> would be refused, rightly).
 */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  const blocking = await seriousViolations(page);
  if (blocking.length === 0) return;
  throw new Error(
    `axe found ${blocking.length} serious or critical violation(s) ${context}:\n${describeViolations(blocking)}`,
  );
}

/** Each violation by rule, with the elements it found, one line each. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map(
            (node) => `  ${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/** The serious and critical violations axe-core finds on the page as it is, once it settled. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Colours are measured once settled: a notice fading in or a theme changing is mid-transition.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // label-content-name-mismatch is experimental (off by default): a name that does not hold
    // the visible text cannot be spoken by voice-control users.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

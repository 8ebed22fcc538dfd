/**
 * Runs the axe-core accessibility audit inside a frame and returns its violations, summarised.
 * Nested frames (the drive's own viewer) are not the project's and are not audited.
 */
import { readFileSync } from 'fs';
import type { Frame } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

export async function axeViolations(frame: Frame): Promise<Violation[]> {
  await frame.evaluate(axeSource);
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], iframes: false });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

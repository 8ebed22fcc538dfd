/** The render worker run from its TypeScript source (through the same require hook as the server's processes). */
import path from 'node:path';
import { createRenderPool, type Renderer, type RenderPoolOptions } from '../../src/render/renderPool';

type TestPoolOptions = Omit<RenderPoolOptions, 'workerFile' | 'execArgv'>;

const pool = (worker: string, options: TestPoolOptions): Renderer =>
  createRenderPool({
    ...options,
    workerFile: path.resolve(__dirname, worker),
    execArgv: ['-r', path.resolve(__dirname, 'register-ts.js')],
  });

export function testRenderer(options: TestPoolOptions = {}): Renderer {
  return pool('../../src/render/renderWorker.ts', options);
}

/** The real worker, but a source starting with `<!--slow:N-->` holds its thread N ms first (slowJobs.ts). */
export function slowTestRenderer(options: TestPoolOptions = {}): Renderer {
  return pool('slowRenderWorker.ts', options);
}

/** A source the slow test worker holds `ms` before rendering it as a document of one paragraph, `text`. */
export const slowSource = (ms: number, text = 'slow'): string => `<!--slow:${ms}--><p>${text}</p>`;

/** The render worker run from its TypeScript source (through the same require hook as the server's processes). */
import path from 'node:path';
import { createRenderPool, type Renderer, type RenderPoolOptions } from '../../src/render/renderPool';

export function testRenderer(options: Omit<RenderPoolOptions, 'workerFile' | 'execArgv'> = {}): Renderer {
  return createRenderPool({
    ...options,
    workerFile: path.resolve(__dirname, '../../src/render/renderWorker.ts'),
    execArgv: ['-r', path.resolve(__dirname, 'register-ts.js')],
  });
}

import type { ChildProcess } from 'node:child_process';

export interface SpawnedServer {
  child: ChildProcess;
  output(): string;
  /** Resolves with the address once the server listens; rejects if it exits first or takes too long (default 90 s). */
  listening(timeoutMs?: number): Promise<string>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(options: { args: string[]; env: Record<string, string>; cwd: string; stderr?: 'pipe' | 'inherit' }): SpawnedServer;

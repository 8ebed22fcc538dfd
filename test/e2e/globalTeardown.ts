export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __STAGE_SERVER__?: { stop(): Promise<void> } }).__STAGE_SERVER__;
  await server?.stop();
}

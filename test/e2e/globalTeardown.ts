export default async function globalTeardown(): Promise<void> {
  const state = globalThis as {
    __STAGE_SERVER__?: { stop(): Promise<void> };
    __SHARED_BUILDS__?: { stop(): Promise<void> };
    __BROWSERS__?: Array<{ close(): Promise<void> }>;
  };
  await Promise.all((state.__BROWSERS__ ?? []).map((b) => b.close()));
  await state.__STAGE_SERVER__?.stop();
  await state.__SHARED_BUILDS__?.stop();
}

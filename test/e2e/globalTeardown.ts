export default async function globalTeardown(): Promise<void> {
  const state = globalThis as {
    __STAGE_SERVER__?: { stop(): Promise<void> };
    __SHARED_BUILDS__?: { stop(): Promise<void> };
    __BROWSER__?: { close(): Promise<void> };
  };
  await state.__BROWSER__?.close();
  await state.__STAGE_SERVER__?.stop();
  await state.__SHARED_BUILDS__?.stop();
}

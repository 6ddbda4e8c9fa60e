import WebSocket from 'ws';

/**
 * Talks to a Node process's inspector (started with --inspect): forces full garbage collections so
 * that memory is read settled, not at whatever point the collector last ran.
 */
export async function collectGarbage(
  inspectorUrl: string,
  rounds = 2,
): Promise<{ usedMb: number; totalMb: number }> {
  const ws = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const send = (method: string) =>
    new Promise<unknown>((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method }));
    });
  try {
    for (let i = 0; i < rounds; i++) {
      await send('HeapProfiler.collectGarbage');
      await new Promise((r) => setTimeout(r, 500));
    }
    const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedMb: usage.usedSize / 2 ** 20, totalMb: usage.totalSize / 2 ** 20 };
  } finally {
    ws.close();
  }
}

/**
 * Starts V8's CPU profiler in the process behind the inspector (sampling every 200 µs); `stop` returns
 * the profile (a .cpuprofile's JSON).
 */
export async function startCpuProfile(inspectorUrl: string) {
  const ws = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const send = (method: string, params?: unknown) =>
    new Promise<unknown>((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return {
    async stop(): Promise<unknown> {
      try {
        return ((await send('Profiler.stop')) as { profile: unknown }).profile;
      } finally {
        ws.close();
      }
    },
  };
}

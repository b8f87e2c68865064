import { describe, expect, it, vi } from 'vitest';
import { AdmissionGate, logRefusals } from './admission.ts';
import { AppError } from './errors.ts';

/** A task that runs until `finish()` is called. */
function task() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, run: () => done };
}

describe('admission gate', () => {
  it('runs up to its concurrency at once and admits the waiting in arrival order', async () => {
    const gate = new AdmissionGate({ name: 'test', concurrency: 2, queue: 5, maxWaitMs: 10_000 });
    const order: number[] = [];
    const tasks = Array.from({ length: 5 }, () => task());
    const runs = tasks.map((t, i) =>
      gate.run(async () => {
        order.push(i);
        await t.run();
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(gate.stats).toMatchObject({ running: 2, waiting: 3 });
    tasks[1]!.finish();
    await new Promise((r) => setTimeout(r, 0));
    tasks[0]!.finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2, 3]);
    tasks.forEach((t) => t.finish());
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(gate.stats).toEqual({ running: 0, waiting: 0, refused: 0 });
  });

  it('refuses at once with 503 and Retry-After when the queue is full', async () => {
    const gate = new AdmissionGate({
      name: 'test',
      concurrency: 1,
      queue: 1,
      maxWaitMs: 10_000,
      retryAfterSeconds: 2,
    });
    const a = task();
    const b = task();
    const first = gate.run(a.run);
    const second = gate.run(b.run);
    const refused = await gate.run(async () => 'ran').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVER_BUSY', headers: { 'retry-after': '2' } });
    a.finish();
    b.finish();
    await Promise.all([first, second]);
    expect(gate.stats.refused).toBe(1);
  });

  it('refuses at once a request whose wait would pass the budget at the pace of the last requests, and not before', async () => {
    const gate = new AdmissionGate({ name: 'test', concurrency: 1, queue: 1_000, maxWaitMs: 250 });
    // Before any request has finished, the pace is unknown: the line is bounded by its length only.
    const a = task();
    const first = gate.run(a.run);
    const lined = Array.from({ length: 10 }, () => gate.run(async () => {}));
    expect(gate.stats).toEqual({ running: 1, waiting: 10, refused: 0 });
    a.finish();
    await Promise.all([first, ...lined]);

    // On a new gate, one request of about 100 ms sets the pace (the first figure is taken as it is).
    // The budget leaves room for a slow timer: the pace may be anywhere from 97 to 145 ms.
    const paced = new AdmissionGate({ name: 'test', concurrency: 1, queue: 1_000, maxWaitMs: 290 });
    await paced.run(() => new Promise((r) => setTimeout(r, 100)));
    const b = task();
    const running = paced.run(b.run);
    // Waiting behind it: the first in line about 100 ms, the second about 200 ms; the third
    // would wait about 300 ms, over the 290 ms budget, and is refused without waiting.
    const waiting = [paced.run(async () => 'ran'), paced.run(async () => 'ran')];
    const refused = paced.run(async () => 'ran').catch((e: unknown) => e);
    expect(paced.stats).toMatchObject({ running: 1, waiting: 2, refused: 1 });
    expect(await refused).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    b.finish();
    expect(await Promise.all(waiting)).toEqual(['ran', 'ran']);
    await running;
  });

  it('refuses a request that waited too long, and lets it no longer take a turn', async () => {
    const gate = new AdmissionGate({ name: 'test', concurrency: 1, queue: 5, maxWaitMs: 20 });
    const a = task();
    const first = gate.run(a.run);
    let ran = false;
    const late = await gate
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(late).toMatchObject({ status: 503 });
    a.finish();
    await first;
    expect(ran).toBe(false);
    expect(gate.stats).toEqual({ running: 0, waiting: 0, refused: 1 });
  });

  it('drops a waiting request whose client went away', async () => {
    const gate = new AdmissionGate({ name: 'test', concurrency: 1, queue: 5, maxWaitMs: 10_000 });
    const a = task();
    const first = gate.run(a.run);
    const controller = new AbortController();
    const waiting = gate.run(async () => 'ran', controller.signal).catch((e: unknown) => e);
    expect(gate.stats.waiting).toBe(1);
    controller.abort(new Error('gone'));
    expect(await waiting).toMatchObject({ message: 'gone' });
    expect(gate.stats.waiting).toBe(0);
    a.finish();
    await first;
    expect(gate.stats.running).toBe(0);
  });

  it('frees its slot when the work fails', async () => {
    const gate = new AdmissionGate({ name: 'test', concurrency: 1, queue: 0, maxWaitMs: 10 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('with onePerTurn, starts one request per turn of the event loop, in arrival order', async () => {
    const gate = new AdmissionGate({
      name: 'test',
      concurrency: 4,
      queue: 10,
      maxWaitMs: 10_000,
      onePerTurn: true,
    });
    const started: number[] = [];
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Three arrive together with slots free for all: the event loop turns between their starts.
    const runs = [0, 1, 2].map((i) => gate.run(async () => void started.push(i)));
    await Promise.resolve();
    expect(started).toEqual([0]);
    expect(gate.stats).toMatchObject({ running: 1, waiting: 2 });
    await turn();
    expect(started).toEqual([0, 1]);
    await turn();
    expect(started).toEqual([0, 1, 2]);
    await Promise.all(runs);
    expect(gate.stats).toEqual({ running: 0, waiting: 0, refused: 0 });
  });

  it('with onePerTurn and no line, starts every request that has a slot at once', async () => {
    const gate = new AdmissionGate({
      name: 'test',
      concurrency: 2,
      queue: 0,
      maxWaitMs: 0,
      onePerTurn: true,
    });
    const a = task();
    const b = task();
    const runs = [gate.run(a.run), gate.run(b.run)];
    expect(gate.stats).toMatchObject({ running: 2, refused: 0 });
    a.finish();
    b.finish();
    await Promise.all(runs);
  });

  it('logs its refusals once per interval: the first at once, then how many more came', async () => {
    vi.useFakeTimers();
    try {
      const gate = new AdmissionGate({ name: 'search', concurrency: 1, queue: 0, maxWaitMs: 1000 });
      const lines: { fields: Record<string, unknown>; message: string }[] = [];
      const stop = logRefusals(
        gate,
        { warn: (fields, message) => lines.push({ fields: { ...fields }, message }) },
        10_000,
      );
      const held = task();
      const running = gate.run(held.run);
      const refuseOne = () => gate.run(async () => 'ran').catch(() => 'refused');
      expect(await refuseOne()).toBe('refused');
      expect(lines).toEqual([
        {
          message: 'busy: requests refused',
          fields: { gate: 'search', refused: 1, refusedSinceStart: 1, running: 1, waiting: 0 },
        },
      ]);
      for (let i = 0; i < 40; i++) await refuseOne();
      expect(lines, 'nothing more within the interval').toHaveLength(1);
      vi.advanceTimersByTime(10_000);
      expect(lines[1]!.fields).toMatchObject({ refused: 40, refusedSinceStart: 41 });
      vi.advanceTimersByTime(30_000);
      expect(lines, 'no refusal, no line').toHaveLength(2);
      await refuseOne();
      expect(lines[2]!.fields).toMatchObject({ refused: 1, refusedSinceStart: 42 });
      stop();
      held.finish();
      await running;
    } finally {
      vi.useRealTimers();
    }
  });
});

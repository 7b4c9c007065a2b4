import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { CompiledQuery as Compiled } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { AppError } from '../errors.js';

/**
 * The database's share of each turn of the event loop (ms). Measured with `pnpm load` (PGlite, 200
 * connections, 60 s): 100 ms answered 264 requests a second with the slowest at 1.5 s; 50 ms 200 a second
 * (slowest 1.6 s); 15 ms ~150 a second. A turn also reads every ready socket, so a shorter slice gives
 * the database a smaller share of the thread.
 */
const SLICE_MS = 100;

/**
 * Background work's share of a turn of the event loop (ms): jobs take the database only when no request
 * waits for it, and only in the first BACKGROUND_SLICE_MS of a turn, so a backlog draining (mail, the
 * daily alerts) leaves the loop free to read sockets and answer requests within milliseconds.
 */
const BACKGROUND_SLICE_MS = 5;
/** A background call that waited this long goes before requests yet to start: background work is never starved. */
const BACKGROUND_MAX_WAIT_MS = 1000;

export interface DatabaseQueueOptions {
  /** Holders that may wait at once; one more is refused with 503. */
  maxWaiting: number;
  /** The database's share of each turn of the event loop, in ms (default 100; 0: one holder a turn). */
  sliceMs?: number;
}

/** What the queue is doing now, for the overload check and the health answer. */
export interface DatabaseQueueState {
  waiting: number;
  /** How long the first in line has waited so far, in ms (0 when nobody waits). */
  oldestWaitMs: number;
  /**
   * How long a newcomer would wait, in ms: the line's length times the recent time per holder, or the
   * first one's wait if longer. Known at once when the line grows, unlike the first one's wait.
   */
  waitMs: number;
}

interface Waiter {
  since: number;
  resolve: () => void;
}

/** A first-come, first-served list whose head moves instead of shifting (shift() is slow on a long line). */
class Lane {
  #items: Waiter[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  get first(): Waiter | undefined {
    return this.#items[this.#head];
  }

  push(waiter: Waiter): void {
    this.#items.push(waiter);
  }

  take(): Waiter | undefined {
    const waiter = this.#items[this.#head];
    this.#head += 1;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return waiter;
  }
}

/**
 * The request a database call is made for (limits/overload.ts runs each request's handler in it). Once
 * a request has had the database, its further calls go before calls of requests yet to start: the line
 * then finishes the work it let in, and the wait falls on newcomers, whom the door sheds.
 */
export const requestTurn = new AsyncLocalStorage<{ served: boolean }>();

/**
 * Work nobody is waiting on at this moment (the job queue's workers, its maintenance, scheduled rounds):
 * its database calls go after every request's, in a short slice of each turn (BACKGROUND_SLICE_MS).
 * Everything `work` starts, timers and promises included, runs as background work.
 */
const backgroundTurn = new AsyncLocalStorage<true>();
export function inBackground<T>(work: () => T): T {
  return backgroundTurn.run(true, work);
}

/**
 * The one line in front of the embedded database (PGlite is a single connection). Why it exists:
 * PGlite runs a statement synchronously in WebAssembly and its file system writes synchronously too,
 * so a query never waits for I/O; a driver that hands the connection to the next waiter by resolving a
 * promise then runs a whole line of queries (and the request code between them) in one burst of promise
 * callbacks, and the event loop does not reach its I/O phase until the line is empty: sockets are not
 * read or accepted for seconds. The same holds with no line at all: a request whose every query finds
 * the database free runs from its socket's read to its answer in one go, so a turn of the loop that
 * reads 200 ready sockets ran 200 whole requests (measured: 350–1,000 ms a turn, 600–1,200 free takes
 * and no waiter), and new connections, accepted once per turn, waited seconds. So the database gets a
 * slice of each turn (100 ms), whether its callers waited or found it free: within the slice holders
 * follow each other directly; once it is spent, callers line up and the connection passes on at the
 * loop's next turn (setImmediate). A turn then reads every ready socket, runs the slice, and turns
 * again; the requests it cannot serve wait in the line, where the door sees them and sheds newcomers.
 * Yielding after every holder instead would make the database wait a whole turn per query. The line is
 * first come, first served within each of its two lanes (see requestTurn; a holder keeps the
 * connection for a whole transaction) and bounded.
 */
export class DatabaseQueue {
  readonly #maxWaiting: number;
  readonly #sliceMs: number;
  #held = false;
  /** Calls of requests that already had the database, then every other call. */
  readonly #continuing = new Lane();
  readonly #fresh = new Lane();
  /** Background calls (inBackground): after both, unbounded, and not counted in the state the door reads. */
  readonly #background = new Lane();
  /**
   * The database's share of the current turn of the event loop: when it began, and whether the loop has
   * turned since (a setImmediate marks it). Every call made in one turn counts, whether it waited or
   * found the database free.
   */
  #sliceStart = 0;
  #sliceOpen = false;
  /** When the current holder got the connection, and the recent time per holder (moving average). */
  #holderSince = 0;
  #msPerHolder = 0;

  constructor(options: DatabaseQueueOptions) {
    this.#maxWaiting = options.maxWaiting;
    this.#sliceMs = options.sliceMs ?? SLICE_MS;
  }

  /** Callers in line (the state's count, without its clock readings: release() asks on every call). */
  get #waiting(): number {
    return this.#continuing.length + this.#fresh.length;
  }

  get state(): DatabaseQueueState {
    const waiting = this.#waiting;
    const since = Math.min(
      this.#continuing.first?.since ?? Number.POSITIVE_INFINITY,
      this.#fresh.first?.since ?? Number.POSITIVE_INFINITY,
    );
    const oldestWaitMs = waiting ? performance.now() - since : 0;
    return { waiting, oldestWaitMs, waitMs: Math.max(oldestWaitMs, waiting * this.#msPerHolder) };
  }

  /** True when one more holder would be refused: the line is full. */
  get full(): boolean {
    return this.#waiting >= this.#maxWaiting;
  }

  /**
   * Resolves when the caller holds the database; refuses with 503 when the line is full. A free database
   * is taken at once unless this turn of the event loop has had its slice: then the caller waits in line
   * for the next turn like anyone else.
   */
  acquire(): Promise<void> {
    const turn = requestTurn.getStore();
    const background = !turn && backgroundTurn.getStore() === true;
    if (!this.#held && !this.#sliceSpent(background)) {
      this.#held = true;
      if (!this.#sliceOpen) this.#openSlice();
      this.#holderSince = performance.now();
      if (turn) turn.served = true;
      return Promise.resolve();
    }
    if (!background && this.full) return Promise.reject(databaseBusy(this.state));
    const lane = background ? this.#background : turn?.served ? this.#continuing : this.#fresh;
    const waiting = new Promise<void>((resolve) =>
      lane.push({
        since: performance.now(),
        resolve: () => {
          if (turn) turn.served = true;
          resolve();
        },
      }),
    );
    if (!this.#held) {
      // Free, but this turn's slice is spent: held in between, so later callers line up behind this one.
      this.#held = true;
      this.#holderSince = performance.now();
      this.#handOverNextTurn();
    }
    return waiting;
  }

  /** Passes the database to the next in line (now, or at the event loop's next turn), or frees it. */
  release(): void {
    const next = this.#next();
    if (next === undefined) {
      this.#held = false;
      return;
    }
    if (!this.#sliceOpen) {
      // The loop has turned since the slice began: the next holder starts this turn's slice.
      this.#openSlice();
    } else if (this.#sliceSpent(next.background)) {
      // Still held in between, so a newcomer lines up behind the waiters instead of jumping the line.
      this.#handOverNextTurn();
      return;
    }
    this.#handOver();
  }

  /**
   * Where the next holder comes from: requests that already had the database, then requests yet to
   * start, then background work (held to its shorter slice). A background call that has waited
   * BACKGROUND_MAX_WAIT_MS goes before requests yet to start, with their slice.
   */
  #next(): { lane: Lane; background: boolean } | undefined {
    if (this.#continuing.length) return { lane: this.#continuing, background: false };
    const waited = this.#background.first;
    if (waited && performance.now() - waited.since >= BACKGROUND_MAX_WAIT_MS)
      return { lane: this.#background, background: false };
    if (this.#fresh.length) return { lane: this.#fresh, background: false };
    return waited ? { lane: this.#background, background: true } : undefined;
  }

  /**
   * True while the loop has not turned since this turn's slice began and the slice's time is up (for
   * background work: its shorter share, BACKGROUND_SLICE_MS).
   */
  #sliceSpent(background = false): boolean {
    const sliceMs = background ? Math.min(this.#sliceMs, BACKGROUND_SLICE_MS) : this.#sliceMs;
    return this.#sliceOpen && performance.now() - this.#sliceStart >= sliceMs;
  }

  #openSlice(): void {
    this.#sliceStart = performance.now();
    this.#sliceOpen = true;
    setImmediate(() => {
      this.#sliceOpen = false;
    });
  }

  #handOverNextTurn(): void {
    void nextTurn().then(() => {
      this.#openSlice();
      this.#handOver();
    });
  }

  #handOver(): void {
    // Only back-to-back holders are timed (hold plus any turn of the loop), so idle time never counts.
    const now = performance.now();
    this.#msPerHolder = this.#msPerHolder * 0.9 + (now - this.#holderSince) * 0.1;
    this.#holderSince = now;
    this.#next()?.lane.take()?.resolve();
  }
}

/** Seconds a refused client should wait: the line's current wait, rounded up, at least 1 and at most 30. */
export function retryAfterSeconds(state: DatabaseQueueState): number {
  return Math.min(30, Math.max(1, Math.ceil(state.waitMs / 1000)));
}

export function databaseBusy(state: DatabaseQueueState): AppError {
  return new AppError('UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
    retryAfterSeconds: retryAfterSeconds(state),
  });
}

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return result.affectedRows
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows };
  }

  // biome-ignore lint/correctness/useYield: PGlite answers whole results; there is nothing to stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

/** kysely's driver for PGlite, each connection taken through the queue. */
class QueuedPGliteDriver implements Driver {
  readonly #connection: PGliteConnection;

  constructor(
    readonly pglite: PGlite,
    readonly queue: DatabaseQueue,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.queue.release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel
      ? `start transaction isolation level ${settings.isolationLevel}`
      : 'begin';
    await connection.executeQuery(Compiled.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(Compiled.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(Compiled.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** kysely-pglite-dialect's dialect with the queued driver in place of its own (a promise-only mutex). */
export class QueuedPGliteDialect extends PGliteDialect {
  constructor(
    readonly pglite: PGlite,
    readonly queue: DatabaseQueue,
  ) {
    super(pglite);
  }

  override createDriver(): Driver {
    return new QueuedPGliteDriver(this.pglite, this.queue);
  }
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RETENTION, SA_TIME_ZONE } from '@propertydna/domain';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Transaction } from 'kysely';
import { fromPglite, type Db as IDatabase, type JobResult, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import { outsidePlanWriteCheck } from '../auth/plan-read-only.js';
import { outsidePropertyScope } from '../auth/property-scope.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { inBackground } from '../db/pglite-queue.js';

/** What a running job knows besides its data. */
export interface JobContext<Deps> {
  deps: Deps;
  jobId: string;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
  log: FastifyBaseLogger;
}

/**
 * A kind of background work, defined by the module that owns it. Its data is parsed with `data` when
 * sent and again when run (a job written by an older version is refused, not misread).
 */
export interface JobDefinition<Data, Deps> {
  name: string;
  data: z.ZodType<Data>;
  run: (data: Data, context: JobContext<Deps>) => Promise<void>;
  /**
   * How many jobs of this kind one process runs at once. Every kind states it, because what bounds it
   * differs: a mail waits on a server, a policy analysis on the CPU and memory, a round on the database.
   */
  concurrency: number;
  /**
   * Jobs claimed in one fetch, at most `concurrency` (default: `concurrency`). ⌈concurrency / batchSize⌉
   * workers fetch on their own; each runs its batch's jobs side by side and settles each job by itself,
   * so one that fails is retried alone and a slow one holds only its own worker.
   */
  batchSize?: number;
  /**
   * Before each job starts: wait while jobs of these kinds run in this process. Bulk work that yields
   * to urgent work of the same kind (mail) takes only what the urgent lane leaves.
   */
  yieldTo?: readonly string[];
  /** Retries after the first failure (default 5), with exponential backoff from `retryDelaySeconds` (default 10). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one run may take before it counts as failed and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Runs on this cron schedule, in South African time (Africa/Johannesburg), with `{}` as its data. */
  cron?: string;
  /** How long a finished job stays in the queue's tables (default 7 days; keep secrets short). */
  deleteAfterSeconds?: number;
  /** How often an idle worker of this queue looks for work; default JOBS_POLL_SECONDS (scheduled rounds need less). */
  pollSeconds?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every data shape
export type AnyJobDefinition<Deps> = JobDefinition<any, Deps>;

export function defineJob<Data, Deps>(definition: JobDefinition<Data, Deps>): JobDefinition<Data, Deps> {
  if (!Number.isInteger(definition.concurrency) || definition.concurrency < 1)
    throw new RangeError(`job ${definition.name}: concurrency must be a whole number from 1`);
  const batchSize = definition.batchSize ?? definition.concurrency;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > definition.concurrency)
    throw new RangeError(`job ${definition.name}: batchSize must be a whole number from 1 to concurrency`);
  return definition;
}

/**
 * pg-boss on the app's embedded database. PGlite is one connection, and kysely runs a transaction as
 * BEGIN … COMMIT on it, serialising its own users only: a pg-boss statement sent straight to PGlite
 * would land inside whatever transaction kysely has open (and pg-boss's own BEGIN … COMMIT blocks would
 * commit it). So every pg-boss statement takes kysely's connection first, like any other query, in the
 * line in front of PGlite (db/pglite-queue.ts): a backlog draining holds the connection for one statement
 * at a time, and the workers' statements go after the requests' (start() runs them inBackground).
 * Hence the rule: never queue a job from inside a transaction (on PGlite it would wait for itself),
 * except with JobQueue.sendWithin, which runs on the transaction's own connection. LISTEN (the wake-up
 * below) takes the same line.
 */
function sharedPglite(database: DatabaseHandle, pglite: Parameters<typeof fromPglite>[0]): IDatabase {
  const direct = fromPglite(pglite);
  const inLine = <T>(call: () => Promise<T>) => database.db.connection().execute(call);
  const listen = direct.listen;
  return {
    executeSql: (text, values) => inLine(() => direct.executeSql(text, values)),
    ...(listen
      ? {
          listen: async (channel, onNotification, onReconnect) => {
            const handle = await inLine(() => listen(channel, onNotification, onReconnect));
            return { close: () => inLine(() => handle.close()) };
          },
        }
      : {}),
  };
}

/** Jobs that failed all their runs are kept here (pg-boss dead letter queue) for an operator to redrive. */
export const DEAD_LETTER_QUEUE = 'failed-jobs';

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** Run workers and schedules in this process (JOBS_WORKER). Sending works either way. */
  worker: boolean;
  /** How often an idle worker looks for work it was not woken for (JOBS_POLL_SECONDS). */
  pollSeconds: number;
  /** At most this many jobs a second of a kind in this process, by name (0: no bound; MAIL_BULK_PER_SECOND). */
  perSecond?: Readonly<Record<string, number>>;
}

/** Spaces the starts of one kind's jobs at least 1/rate seconds apart (jobs a second in this process). */
class Pace {
  #next = 0;
  constructor(readonly perSecond: number) {}

  async take(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + 1000 / this.perSecond;
    if (at > now) await sleep(at - now);
  }
}

/**
 * The background job queue: pg-boss on the product's own database (PostgreSQL through its own small
 * pool, PGlite through its embedded adapter). Jobs are retried with backoff; a failure is logged with
 * the job id; a job out of retries is moved to the dead letter queue, never dropped.
 *
 * Each kind runs up to its `concurrency` at once, fetched in batches. A job queued anywhere wakes the
 * idle workers of its queue at once (PostgreSQL LISTEN/NOTIFY, which PGlite has too): the notification
 * is part of the insert, so a job queued with sendWithin wakes them when its transaction commits and
 * not before. The poll (JOBS_POLL_SECONDS) remains for what no insert announces: a retry coming due,
 * and a notification lost while the listening connection was down.
 */
export class JobQueue<Deps> {
  readonly #boss: PgBoss;
  readonly #options: JobQueueOptions;
  readonly #definitions = new Map<string, AnyJobDefinition<Deps>>();
  /** Jobs of each kind claimed by this process's workers and not yet settled; and who waits for none. */
  readonly #running = new Map<string, number>();
  readonly #idleWaiters = new Map<string, (() => void)[]>();
  readonly #paces = new Map<string, Pace>();
  #deps: Deps | undefined;
  #started = false;

  constructor(database: DatabaseHandle, options: JobQueueOptions) {
    this.#options = options;
    const common = {
      // The maintenance and scheduling loops, and the listener that wakes workers, run only where the workers do.
      supervise: options.worker,
      schedule: options.worker,
      useListenNotify: options.worker,
      instanceName: 'propertydna-api',
    } as const;
    this.#boss =
      database.jobs.kind === 'pglite'
        ? new PgBoss({ ...common, db: sharedPglite(database, database.jobs.pglite), backend: 'pglite' })
        : // Fetches and settles of every worker, the scheduler and the maintenance share this pool; the
          // listener holds one more connection of its own.
          new PgBoss({ ...common, connectionString: database.jobs.url, max: 4 });
    this.#boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    // Only the listener's own warnings (it could not listen, so workers poll): anything else is logged elsewhere.
    this.#boss.on('warning', (warning) => {
      if ((warning.data as { type?: string }).type === 'listen_notify_unavailable')
        options.log.warn({ warning: warning.message }, 'job queue: workers poll, nothing wakes them');
    });
    for (const [name, perSecond] of Object.entries(options.perSecond ?? {})) {
      if (perSecond > 0) this.#paces.set(name, new Pace(perSecond));
    }
  }

  /** Installs (or migrates) the queue's schema, creates every queue, then starts workers and schedules. */
  async start(deps: Deps, definitions: readonly AnyJobDefinition<Deps>[]): Promise<void> {
    this.#deps = deps;
    for (const definition of definitions) this.#definitions.set(definition.name, definition);
    // pg-boss's own loops (maintenance, schedules, the listener) and every worker below run as background
    // work: on PGlite their statements go after the requests' (db/pglite-queue.ts).
    await inBackground(() => this.#boss.start());
    this.#started = true;
    // Kept as long as the privacy notice says (RETENTION), then deleted by pg-boss's maintenance.
    await this.#ensureQueue(DEAD_LETTER_QUEUE, { retentionSeconds: RETENTION.failedJobDays * 86_400 });
    for (const definition of definitions) {
      await this.#ensureQueue(definition.name, {
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: definition.expireInSeconds ?? 900,
        deleteAfterSeconds: definition.deleteAfterSeconds ?? RETENTION.finishedJobDays * 86_400,
        deadLetter: DEAD_LETTER_QUEUE,
        // Every insert announces itself (pg_notify, delivered on commit), from any process.
        notify: true,
      });
    }
    if (!this.#options.worker) return;
    for (const definition of definitions) {
      await inBackground(() => this.#startWorkers(definition));
      if (definition.cron) {
        await this.#boss.schedule(definition.name, definition.cron, {}, { tz: SA_TIME_ZONE });
      } else {
        await this.#boss.unschedule(definition.name).catch(() => {});
      }
    }
  }

  /**
   * ⌈concurrency / batchSize⌉ workers, each fetching up to batchSize jobs and running them side by side;
   * each job is settled by itself (perJobResults). A worker whose batch came back full fetches again at
   * once instead of waiting for the poll: there is more.
   */
  async #startWorkers(definition: AnyJobDefinition<Deps>): Promise<void> {
    const batchSize = definition.batchSize ?? definition.concurrency;
    const workers = Math.ceil(definition.concurrency / batchSize);
    const pollSeconds = Math.max(this.#options.pollSeconds, definition.pollSeconds ?? 0);
    for (let index = 0; index < workers; index += 1) {
      const self: { id?: string } = {};
      self.id = await this.#boss.work(
        definition.name,
        {
          batchSize,
          includeMetadata: true,
          perJobResults: true,
          pollingIntervalSeconds: pollSeconds,
          notifyPollingIntervalSeconds: pollSeconds,
        },
        async (jobs: JobWithMetadata<unknown>[]) => {
          const results = await this.#runBatch(definition, jobs);
          if (jobs.length >= batchSize && self.id) this.#boss.notifyWorker(self.id);
          return results;
        },
      );
    }
  }

  async #runBatch(
    definition: AnyJobDefinition<Deps>,
    jobs: JobWithMetadata<unknown>[],
  ): Promise<JobResult[]> {
    this.#adjustRunning(definition.name, jobs.length);
    return Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          if (definition.yieldTo) await this.#whenIdle(definition.yieldTo);
          await this.#paces.get(definition.name)?.take();
          await this.#run(definition, job);
          return { id: job.id, status: 'completed' };
        } catch (error) {
          // Stored as the job's output ({name, message, stack}), as a thrown error is; retried by itself.
          return { id: job.id, status: 'failed', output: error };
        } finally {
          this.#adjustRunning(definition.name, -1);
        }
      }),
    );
  }

  #adjustRunning(name: string, by: number): void {
    const count = (this.#running.get(name) ?? 0) + by;
    this.#running.set(name, count);
    if (count > 0) return;
    const waiters = this.#idleWaiters.get(name) ?? [];
    this.#idleWaiters.delete(name);
    for (const resolve of waiters) resolve();
  }

  /** Resolves once no job of these kinds runs in this process. */
  async #whenIdle(names: readonly string[]): Promise<void> {
    for (;;) {
      const busy = names.find((name) => (this.#running.get(name) ?? 0) > 0);
      if (busy === undefined) return;
      await new Promise<void>((resolve) => {
        const waiters = this.#idleWaiters.get(busy) ?? [];
        waiters.push(resolve);
        this.#idleWaiters.set(busy, waiters);
      });
    }
  }

  async #ensureQueue(name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
    if (await this.#boss.getQueue(name)) {
      const { deadLetter: _deadLetter, ...rest } = options ?? {};
      await this.#boss.updateQueue(name, rest);
    } else {
      await this.#boss.createQueue(name, options);
    }
  }

  async #run(definition: AnyJobDefinition<Deps>, job: JobWithMetadata<unknown>) {
    const { retryCount, retryLimit } = job;
    const log = this.#options.log.child({ job: definition.name, jobId: job.id, retryCount });
    const deps = this.#deps;
    if (deps === undefined) throw new Error('job queue not started');
    try {
      const data = definition.data.parse(job.data ?? {});
      // A job is the organisation's, never narrowed by the restricted API token whose request woke its worker.
      await outsidePropertyScope(() =>
        outsidePlanWriteCheck(() => definition.run(data, { deps, jobId: job.id, retryCount, log })),
      );
      log.debug('job done');
    } catch (error) {
      const final = retryCount >= retryLimit;
      log.error(
        { err: error },
        final
          ? 'job failed for the last time; kept in the failed-jobs queue'
          : 'job failed; it will be retried',
      );
      throw error;
    }
  }

  #registered(definition: AnyJobDefinition<Deps>): void {
    if (!this.#definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
  }

  /** Queues a job of a registered definition; its data is checked now. Answers the job id. */
  async send<Data>(definition: JobDefinition<Data, Deps>, data: Data): Promise<string> {
    this.#registered(definition);
    const id = await this.#boss.send(definition.name, definition.data.parse(data) as object);
    if (id === null) throw new Error(`job ${definition.name} was not queued`);
    return id;
  }

  /**
   * Queues a job as part of the caller's open transaction: the insert runs on that transaction's own
   * connection (so it cannot wait for itself on PGlite), and the job exists once the transaction commits,
   * never without it. For work that must come with a row written beside it (a claim) or not at all.
   * Answers the job id.
   */
  async sendWithin<Data>(
    trx: Transaction<Database>,
    definition: JobDefinition<Data, Deps>,
    data: Data,
  ): Promise<string> {
    const id = randomUUID();
    await this.sendManyWithin(trx, definition, [{ id, data }]);
    return id;
  }

  /**
   * Queues many jobs of one kind in one statement, as part of the caller's open transaction (see
   * sendWithin), each with the id the caller chose for it (a UUID, unused) and, if given, the time it
   * may start (not before).
   */
  async sendManyWithin<Data>(
    trx: Transaction<Database>,
    definition: JobDefinition<Data, Deps>,
    items: readonly { id: string; data: Data; startAfter?: Date | undefined }[],
  ): Promise<void> {
    this.#registered(definition);
    if (items.length === 0) return;
    const jobs = items.map(({ id, data, startAfter }) => ({
      id,
      data: definition.data.parse(data) as object,
      ...(startAfter ? { startAfter } : {}),
    }));
    const db: IDatabase = {
      executeSql: async (text, values = []) => ({
        rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[],
      }),
    };
    const inserted = await this.#boss.insert(definition.name, jobs, { db, returnId: true });
    if (inserted?.length !== jobs.length) throw new Error(`jobs ${definition.name} were not all queued`);
  }

  /**
   * Runs the queued jobs of these definitions now, in this process, one after the other and in the
   * order given, through the same path as a worker (tests and tools; a failure is recorded as the
   * worker's would be). Answers how many ran.
   */
  async runQueued(
    definitions: AnyJobDefinition<Deps> | readonly AnyJobDefinition<Deps>[],
    limit = 100,
  ): Promise<number> {
    let ran = 0;
    for (const definition of Array.isArray(definitions) ? definitions : [definitions]) {
      while (ran < limit) {
        const [job] = await this.#boss.fetch(definition.name, { batchSize: 1, includeMetadata: true });
        if (!job) break;
        ran += 1;
        try {
          await this.#run(definition, job);
          await this.#boss.complete(definition.name, job.id);
        } catch (error) {
          await this.#boss.fail(definition.name, job.id, { message: String(error) });
        }
      }
    }
    return ran;
  }

  /** The state of a job ('created', 'active', 'retry', 'completed', 'failed', …), or null. */
  async jobState(definition: AnyJobDefinition<Deps>, id: string) {
    const job = await this.#boss.getJobById(definition.name, id);
    return job ? { state: job.state, retryCount: job.retryCount, output: job.output } : null;
  }

  /** The cron schedules this queue runs (name, cron, timezone). */
  async schedules(): Promise<{ name: string; cron: string; timezone: string }[]> {
    return (await this.#boss.getSchedules()).map(({ name, cron, timezone }) => ({ name, cron, timezone }));
  }

  /** Stops fetching, lets running jobs finish (or leaves them to be retried after `timeoutMs`), and stops. */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs), close: true });
  }
}

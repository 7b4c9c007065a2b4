import { SA_TIME_ZONE } from '@propertydna/domain';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Transaction } from 'kysely';
import { fromPglite, type Db as IDatabase, type Job, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/database.js';

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
  return definition;
}

/**
 * pg-boss on the app's embedded database. PGlite is one connection, and kysely runs a transaction as
 * BEGIN … COMMIT on it, serialising its own users only: a pg-boss statement sent straight to PGlite
 * would land inside whatever transaction kysely has open (and pg-boss's own BEGIN … COMMIT blocks would
 * commit it). So every pg-boss statement takes kysely's connection first, like any other query. Hence
 * the rule: never queue a job from inside a transaction (on PGlite it would wait for itself), except
 * with JobQueue.sendWithin, which runs on the transaction's own connection.
 */
function sharedPglite(database: DatabaseHandle, pglite: Parameters<typeof fromPglite>[0]): IDatabase {
  const direct = fromPglite(pglite);
  return {
    executeSql: (text, values) => database.db.connection().execute(() => direct.executeSql(text, values)),
  };
}

/** Jobs that failed all their runs are kept here (pg-boss dead letter queue) for an operator to redrive. */
export const DEAD_LETTER_QUEUE = 'failed-jobs';

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** Run workers and schedules in this process (JOBS_WORKER). Sending works either way. */
  worker: boolean;
  pollSeconds: number;
}

/**
 * The background job queue: pg-boss on the product's own database (PostgreSQL through its own small
 * pool, PGlite through its embedded adapter). Jobs are retried with backoff; a failure is logged with
 * the job id; a job out of retries is moved to the dead letter queue, never dropped.
 */
export class JobQueue<Deps> {
  readonly #boss: PgBoss;
  readonly #options: JobQueueOptions;
  readonly #definitions = new Map<string, AnyJobDefinition<Deps>>();
  #deps: Deps | undefined;
  #started = false;

  constructor(database: DatabaseHandle, options: JobQueueOptions) {
    this.#options = options;
    const common = {
      // The maintenance and scheduling loops run only where the workers do.
      supervise: options.worker,
      schedule: options.worker,
      instanceName: 'propertydna-api',
    } as const;
    this.#boss =
      database.jobs.kind === 'pglite'
        ? new PgBoss({ ...common, db: sharedPglite(database, database.jobs.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: database.jobs.url, max: 3 });
    this.#boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  /** Installs (or migrates) the queue's schema, creates every queue, then starts workers and schedules. */
  async start(deps: Deps, definitions: readonly AnyJobDefinition<Deps>[]): Promise<void> {
    this.#deps = deps;
    for (const definition of definitions) this.#definitions.set(definition.name, definition);
    await this.#boss.start();
    this.#started = true;
    await this.#ensureQueue(DEAD_LETTER_QUEUE, { retentionSeconds: 30 * 86_400 });
    for (const definition of definitions) {
      await this.#ensureQueue(definition.name, {
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: definition.expireInSeconds ?? 900,
        deleteAfterSeconds: definition.deleteAfterSeconds ?? 7 * 86_400,
        deadLetter: DEAD_LETTER_QUEUE,
      });
    }
    if (!this.#options.worker) return;
    for (const definition of definitions) {
      await this.#boss.work(
        definition.name,
        {
          pollingIntervalSeconds: Math.max(this.#options.pollSeconds, definition.pollSeconds ?? 0),
          includeMetadata: true,
          batchSize: 1,
        },
        async ([job]) => {
          if (job) await this.#run(definition, job);
        },
      );
      if (definition.cron) {
        await this.#boss.schedule(definition.name, definition.cron, {}, { tz: SA_TIME_ZONE });
      } else {
        await this.#boss.unschedule(definition.name).catch(() => {});
      }
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

  async #run(definition: AnyJobDefinition<Deps>, job: Job<unknown> | JobWithMetadata<unknown>) {
    const retryCount = 'retryCount' in job ? job.retryCount : 0;
    const retryLimit = 'retryLimit' in job ? job.retryLimit : 0;
    const log = this.#options.log.child({ job: definition.name, jobId: job.id, retryCount });
    const deps = this.#deps;
    if (deps === undefined) throw new Error('job queue not started');
    try {
      const data = definition.data.parse(job.data ?? {});
      await definition.run(data, { deps, jobId: job.id, retryCount, log });
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

  /** Queues a job of a registered definition; its data is checked now. Answers the job id. */
  async send<Data>(definition: JobDefinition<Data, Deps>, data: Data): Promise<string> {
    if (!this.#definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
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
    if (!this.#definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    const db: IDatabase = {
      executeSql: async (text, values = []) => ({
        rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[],
      }),
    };
    const id = await this.#boss.send(definition.name, definition.data.parse(data) as object, { db });
    if (id === null) throw new Error(`job ${definition.name} was not queued`);
    return id;
  }

  /**
   * Runs the queued jobs of one definition now, in this process, through the same path as a worker
   * (tests and tools; a failure is recorded as the worker's would be). Answers how many ran.
   */
  async runQueued(definition: AnyJobDefinition<Deps>, limit = 100): Promise<number> {
    let ran = 0;
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

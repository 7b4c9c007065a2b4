import { readdirSync, readFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** The resident memory of a process, in bytes (Linux /proc; 0 when it is gone or there is no /proc). */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The processes a process started (and theirs), from /proc/<pid>/task/<tid>/children. */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {}
    for (const child of children.split(' ').filter(Boolean)) {
      found.push(Number(child), ...descendantsOf(Number(child)));
    }
  }
  return found;
}

/** Whether a process runs this same program (node), not a helper such as prlimit. */
function runsNode(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0] === process.execPath;
  } catch {
    return false;
  }
}

export interface RssGrowth {
  /** This process's peak resident memory over its own before, in MB. */
  serverMb: number;
  /** The same with the processes it started (the PDF reader) counted in, in MB. */
  withChildrenMb: number;
  /** How many samples were taken (every 5 ms while the work ran). */
  samples: number;
  /** The most Node processes (this program: the PDF readers) this one had started at once. */
  maxChildren: number;
}

/**
 * Runs `work` while sampling this process's resident memory (process.memoryUsage().rss) and that of
 * the processes it started, every 5 ms; answers the work's result and the peak growth over before.
 */
export async function measureRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: RssGrowth }> {
  let maxChildren = 0;
  const tree = () => {
    const children = descendantsOf(process.pid);
    maxChildren = Math.max(maxChildren, children.filter(runsNode).length);
    return children.reduce((sum, pid) => sum + rssOf(pid), 0);
  };
  const before = process.memoryUsage().rss;
  const beforeChildren = tree();
  maxChildren = 0;
  let peak = before;
  let peakTree = before + beforeChildren;
  let samples = 0;
  const sample = () => {
    const own = process.memoryUsage().rss;
    peak = Math.max(peak, own);
    peakTree = Math.max(peakTree, own + tree());
    samples += 1;
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return {
      result,
      growth: {
        serverMb: (peak - before) / MB,
        withChildrenMb: (peakTree - before - beforeChildren) / MB,
        samples,
        maxChildren,
      },
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Imported first by main.ts, before anything starts a thread. glibc gives each thread that allocates a
 * malloc arena of its own (up to eight a core) and keeps in each what was freed there: while a 10-page
 * scan was read, the OCR and render worker threads and libvips' threads grew the server's RSS by 470–490
 * MB; with two arenas, by 310–330 MB (`pnpm bench`, BENCH_ONLY=ocr, 2-core machine, three runs each).
 * glibc reads MALLOC_ARENA_MAX only as the process starts, so the server starts itself again in place
 * (process.execve: the same process id, Node 23.11 and later) with MALLOC_ARENA_MAX=2 unless the
 * environment sets it (the Dockerfile does; set another number to choose). Linux only; where execve is
 * missing (Node 22), or the process was started with an IPC channel to its parent (a process manager's
 * fork mode), which a new program image may not keep, the server runs as it was started.
 */
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function' &&
  process.send === undefined
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}

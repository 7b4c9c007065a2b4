/**
 * A whole-number setting of a script from the environment (BENCH_DURATION, LOAD_CONNECTIONS, …): the
 * fallback when unset or blank; anything else that is not a positive integer (or, with `zero`, a
 * non-negative one) ends the script with exit code 2 and says why.
 */
export function positiveInt(name, fallback, { zero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zero ? 0 : 1)) {
    console.error(
      `${name} must be a ${zero ? 'non-negative' : 'positive'} integer, got ${JSON.stringify(raw)}`,
    );
    process.exit(2);
  }
  return value;
}

/** Spec §5, §9: a job reference is JOB-{base36 timestamp}-{4 random characters}, upper case. */
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const JOB_REF_PATTERN = /^JOB-[0-9A-Z]{1,11}-[0-9A-Z]{4}$/;

/**
 * Makes a job reference for the moment `now`. `random` returns numbers in [0, 1), like Math.random
 * (the server passes a crypto-backed one); each of the 4 characters takes one draw.
 */
export function jobRef(now: Date | number, random: () => number): string {
  const time = typeof now === 'number' ? now : now.getTime();
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += BASE36[Math.floor(random() * BASE36.length) % BASE36.length];
  return `JOB-${time.toString(36)}-${suffix}`.toUpperCase();
}

export function isJobRef(value: string): boolean {
  return JOB_REF_PATTERN.test(value);
}

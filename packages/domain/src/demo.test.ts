import { describe, expect, it } from 'vitest';
import { DEMO_MESSAGES, isDemoEmail, ownEmailSchema } from './demo.js';

describe('demo addresses', () => {
  it('knows an address of the demo in any case and with spaces', () => {
    expect(isDemoEmail('owner-1a2b@demo.propertydna.co.za')).toBe(true);
    expect(isDemoEmail('  Owner@DEMO.PropertyDNA.co.za ')).toBe(true);
    expect(isDemoEmail('owner@propertydna.co.za')).toBe(false);
    expect(isDemoEmail('owner@notdemo.propertydna.co.za.example.com')).toBe(false);
  });

  it('refuses a demo address where someone must own it', () => {
    expect(ownEmailSchema.parse(' Thandi@Example.co.za ')).toBe('thandi@example.co.za');
    const refused = ownEmailSchema.safeParse('x@demo.propertydna.co.za');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(DEMO_MESSAGES.reservedEmail);
  });

  it('says how long to wait', () => {
    expect(DEMO_MESSAGES.tooMany('5 minutes')).toBe(
      'Too many demo sign-ins from your network. Try again in 5 minutes.',
    );
  });
});

import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const Schema = z.object({ email: z.email('Enter a valid e-mail address'), name: z.string().trim().min(1, 'Name is required') });
type Input = z.input<typeof Schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads nothing until it validates, then gives what zodResolver gives for the same schema', async () => {
    const load = vi.fn(async () => Schema);
    const lazy = lazyZodResolver<Input, z.output<typeof Schema>>(load);
    expect(load).not.toHaveBeenCalled();

    const values = { email: 'nope', name: ' ' };
    const lazyResult = await lazy.resolver(values, undefined, options);
    const eagerResult = await zodResolver(Schema)(values, undefined, options);
    expect(lazyResult).toEqual(eagerResult);
    expect(lazyResult.errors.email?.message).toBe('Enter a valid e-mail address');
    expect(lazyResult.errors.name?.message).toBe('Name is required');

    expect(await lazy.resolver({ email: 'a@example.com', name: ' Ada ' }, undefined, options)).toEqual({
      values: { email: 'a@example.com', name: 'Ada' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once, and a submit after it validates without loading again', async () => {
    const load = vi.fn(async () => Schema);
    const lazy = lazyZodResolver<Input, z.output<typeof Schema>>(load);
    await lazy.preload();
    await lazy.resolver({ email: 'a@example.com', name: 'Ada' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next use', async () => {
    const load = vi.fn<() => Promise<typeof Schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Schema);
    const lazy = lazyZodResolver<Input, z.output<typeof Schema>>(load);
    await expect(lazy.resolver({ email: 'a@example.com', name: 'Ada' }, undefined, options)).rejects.toThrow('offline');
    expect((await lazy.resolver({ email: 'a@example.com', name: 'Ada' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});

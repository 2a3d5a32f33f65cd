import { describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { CATEGORY_DEFAULTS } from '@/domain/errors';
import { schemaOnDemand } from './schema-on-demand';

const nameSchema = object({ name: string().required('Please enter your name').max(5, 'Too long') });
type Values = { name: string };

describe('a form schema fetched on demand', () => {
  it("answers Formik's field errors, none when valid, fetching the schema once", async () => {
    const fetch = vi.fn(() => Promise.resolve(nameSchema));
    const check = schemaOnDemand<Values, typeof nameSchema>(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(await check.validate({ name: '' })).toEqual({ name: 'Please enter your name' });
    expect(await check.validate({ name: 'Robinson' })).toEqual({ name: 'Too long' });
    expect(await check.validate({ name: 'Robin' })).toEqual({});
    expect((await check.load()).cast({ name: ' Robin' })).toEqual({ name: ' Robin' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets a submit through to the form when the schema cannot be fetched, and asks for it again next time', async () => {
    const fetch = vi
      .fn<() => Promise<typeof nameSchema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(nameSchema);
    const check = schemaOnDemand<Values, typeof nameSchema>(fetch);
    // No field errors: Formik goes on to onSubmit, whose own load fails and says so.
    expect(await check.validate({ name: '' })).toEqual({});
    fetch.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    await expect(check.load()).rejects.toThrow(CATEGORY_DEFAULTS.network.message);
    expect(await check.validate({ name: '' })).toEqual({ name: 'Please enter your name' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

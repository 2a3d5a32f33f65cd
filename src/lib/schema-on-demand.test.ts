import { describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
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

  it('fetches again after a failed fetch, and passes on what is not a validation error', async () => {
    const fetch = vi
      .fn<() => Promise<typeof nameSchema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(nameSchema);
    const check = schemaOnDemand<Values, typeof nameSchema>(fetch);
    await expect(check.validate({ name: '' })).rejects.toThrow('Failed to fetch');
    expect(await check.validate({ name: '' })).toEqual({ name: 'Please enter your name' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

import { z } from 'zod';
import { queryIntSchema } from './primitives';

/** Defaults and bounds of paged lists (docs/product/calls.md#paging: page size 30, at most 100). */
export const pageDefaults = { size: 30, maxSize: 100 } as const;

/** `?page&size` of a paged list: page from 0, size 1..100, defaults 0 and 30. */
export const pageQueryShape = {
  page: queryIntSchema({ min: 0, max: 1_000_000, key: 'validation.page.invalid' }).default(0),
  size: queryIntSchema({ min: 1, max: pageDefaults.maxSize, key: 'validation.size.invalid' }).default(
    pageDefaults.size,
  ),
};

/** A page of a list, in the inherited Spring shape the web app's infinite scroll reads. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    content: z.array(item),
    /** Zero-based index of this page. */
    number: z.number().int().min(0),
    size: z.number().int().min(1),
    /** True when no page follows: the infinite scroll stops. */
    last: z.boolean(),
    totalElements: z.number().int().min(0),
  });
}
